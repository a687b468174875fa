import Foundation
import PerformanceBaselines
import ResultModel

/// Collects what `record` stores about a run: command, directory, host, toolchain and CI context.
enum RunMetadata {
    /// A run record for `command` started now in the current directory.
    static func forRecordedCommand(_ command: [String], name: String?) -> RunRecord {
        let environment = ProcessInfo.processInfo.environment
        let directory = FileManager.default.currentDirectoryPath
        return RunRecord(
            name: name,
            producer: ResultBundleCommand.producer,
            source: "record",
            command: command,
            workingDirectory: directory,
            start: Date().timeIntervalSince1970,
            host: HostProbe.current(),
            toolchain: SwiftTestInvocation.isSwiftTest(command) ? swiftVersion(command.first ?? "swift") : nil,
            environment: RepositoryFacts.adding(to: CIEnvironment.tags(from: environment), directory: directory)
        )
    }

    /// The first line of `swift --version` (for `swift-test`, of the `swift` beside it), or `nil` when it fails.
    static func swiftVersion(_ tool: String) -> String? {
        let swift = tool.hasSuffix("swift-test") ? String(tool.dropLast("-test".count)) : tool
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [swift, "--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data.prefix(4096), as: UTF8.self)
        return text.split(separator: "\n").first.map { String($0) }
    }
}
