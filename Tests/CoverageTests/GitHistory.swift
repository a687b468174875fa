import Foundation
import Testing
import _TestSupport

/// A git repository made in a temporary folder for a test: files written, committed, and the diffs git prints.
struct GitHistory {
    let folder: URL

    /// A new repository with one commit of `files` (path → content).
    init(_ files: [String: String]) throws {
        folder = try TestPaths.makeTemporaryDirectory("git-history")
        try git("init", "-q")
        try git("config", "user.email", "test@example.com")
        try git("config", "user.name", "Test")
        try write(files)
        try git("add", "-A")
        try git("commit", "-q", "-m", "first")
    }

    /// Writes files (path → content, `nil` deletes it).
    func write(_ files: [String: String?]) throws {
        for (path, content) in files {
            let url = folder.appendingPathComponent(path)
            if let content {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(content.utf8).write(to: url)
            } else {
                try FileManager.default.removeItem(at: url)
            }
        }
    }

    /// Writes bytes as a file.
    func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: folder.appendingPathComponent(path))
    }

    /// What `git ARGUMENTS` prints in the repository; a failure fails the test.
    @discardableResult
    func git(_ arguments: String...) throws -> [UInt8] { try git(arguments) }

    /// What `git ARGUMENTS` prints in the repository; a failure fails the test.
    @discardableResult
    func git(_ arguments: [String]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["HOME"] = folder.path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "git \(arguments.joined(separator: " "))")
        return Array(bytes)
    }
}
