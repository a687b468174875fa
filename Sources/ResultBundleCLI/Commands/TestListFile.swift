import Foundation
import TestSharding

/// Reads a file of `swift test list`'s output (`import --test-list`).
enum TestListFile {
    /// The tests the file at `path` lists; a file that cannot be read or lists no test is an error naming it.
    static func read(_ path: String) throws -> ListedTests {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw CLIError("--test-list \(path): no such file")
        }
        guard !isFolder.boolValue else {
            throw CLIError("--test-list \(path) is a folder, not the output of swift test list")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CLIError("--test-list \(path): cannot read it: \(error.localizedDescription)")
        }
        let listed = ListedTests(listOutput: String(decoding: data, as: UTF8.self))
        guard !listed.isEmpty else {
            throw CLIError(
                "--test-list \(path) names no test: give the output of `swift test list` (one `Module.Suite/test` a line)"
            )
        }
        return listed
    }
}
