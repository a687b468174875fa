import Foundation
import ResultModel

/// `record --coverage` of a `swift test` command: the command with `--enable-code-coverage`, and the coverage JSON
/// SwiftPM exports after the tests (an `llvm-cov export` of the run's profile, where `swift test
/// --show-codecov-path` says).
enum SwiftTestCoverage {
    /// The command with `--enable-code-coverage` added at its end (so it reaches `swift test` through a wrapper
    /// too), when it runs `swift test` without it; otherwise the command as it is.
    static func enablingCoverage(in command: [String]) -> [String] {
        guard ShardInvocation(command: command).swiftTestStart != nil,
            !command.contains("--enable-code-coverage")
        else { return command }
        return command + ["--enable-code-coverage"]
    }

    /// `swift test --show-codecov-path` with the options of the command that choose the package and the build;
    /// `nil` when the command does not run `swift test`.
    static func codecovPathCommand(for command: [String]) -> [String]? {
        let invocation = ShardInvocation(command: command)
        guard var list = invocation.listCommand, let listAt = list.firstIndex(of: "list") else { return nil }
        list.remove(at: listAt)
        return list + ["--enable-code-coverage", "--show-codecov-path"]
    }

    /// The coverage JSON of the tests `command` ran since `start`: the one SwiftPM exported, or, as SwiftPM exports
    /// none when a test failed, an `llvm-cov export` of the profiles the run left, made here into `scratch` the way
    /// SwiftPM makes its own. A warning says why there is none.
    static func exportedJSON(for command: [String], since start: Date, scratch: URL) -> Result<String, CoverageNotFound>
    {
        guard let pathCommand = codecovPathCommand(for: command) else {
            return .failure(CoverageNotFound(message: "the command does not run swift test"))
        }
        let shown = pathCommand.joined(separator: " ")
        guard let (exitCode, output) = try? ShardProcess.capture(pathCommand), exitCode == 0 else {
            return .failure(CoverageNotFound(message: "`\(shown)` failed; no coverage was read"))
        }
        let path = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !path.isEmpty else { return .failure(CoverageNotFound(message: "`\(shown)` named no file")) }
        // A JSON older than the run is a previous run's (SwiftPM left it when this run's tests failed).
        let written = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        if let written, written >= start.addingTimeInterval(-1) { return .success(path) }
        return SwiftPMProfiles(exportPath: URL(fileURLWithPath: path)).export(into: scratch)
    }

    /// Why `record --coverage` found no coverage of a `swift test` run.
    struct CoverageNotFound: Error {
        var message: String
        var diagnostic: Diagnostic { Diagnostic(severity: .warning, message: "coverage: " + message) }
    }
}
