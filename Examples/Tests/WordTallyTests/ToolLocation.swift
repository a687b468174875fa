import Foundation

/// The built `wordtally` tool, beside the test bundle.
enum ToolLocation {
    static var wordtally: URL {
        var folder = URL(fileURLWithPath: #filePath)
        while folder.path != "/" {
            folder.deleteLastPathComponent()
            let candidate = folder.appendingPathComponent(".build/debug/wordtally")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "wordtally")
    }
}
