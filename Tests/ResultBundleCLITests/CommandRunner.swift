import Foundation
import _TestSupport

/// Runs the built `resultbundle` binary the way a user would.
struct CommandRunner {
    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    static func run(_ arguments: [String], in directory: URL? = nil) throws -> Output {
        let process = Process()
        process.executableURL = TestPaths.binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }

    static func totals(of bundle: URL) throws -> [String: Any] {
        let result = try run(["info", "--json", bundle.path])
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        return object?["totals"] as? [String: Any] ?? [:]
    }
}
