import Foundation

/// Runs a tool found on the `PATH` and reads the first line it prints: what `record` asks `swift --version` and
/// `git` about the run. Quiet on failure: a tool that is missing or fails gives `nil`.
enum ToolOutput {
    /// The first line `arguments` print on standard output (in `folder` when given; only the first 4 KiB are
    /// looked at), or `nil` when the tool cannot start or exits non-zero.
    static func firstLine(_ arguments: [String], in folder: String? = nil) -> String? {
        guard let data = bytes(arguments, limit: 4096, in: folder) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The first `limit` bytes `arguments` print on standard output (in `folder` when given; the rest is read and
    /// dropped, so the tool is not blocked), or `nil` when the tool cannot start or exits non-zero.
    static func bytes(_ arguments: [String], limit: Int, in folder: String? = nil) -> Data? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder, isDirectory: true) }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        var kept = Data()
        while true {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            if kept.count < limit { kept.append(chunk.prefix(limit - kept.count)) }
        }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? kept : nil
    }
}
