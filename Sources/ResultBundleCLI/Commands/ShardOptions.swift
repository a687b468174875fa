import ArgumentParser
import Foundation
import ResultBundle
import ResultModel
import TestSharding

/// The options `shard list` and `shard run` share: which shard of how many, and where the tests and their
/// durations come from.
struct ShardOptions: ParsableArguments {
    @Option(help: "How many shards (default: CI_NODE_TOTAL, CIRCLE_NODE_TOTAL or BUILDKITE_PARALLEL_JOB_COUNT).")
    var count: Int?

    @Option(help: "Which shard, counted from --index-base (default: from the CI's variable, see the discussion).")
    var index: Int?

    @Option(help: "What the first shard's --index is: 0 (GitHub matrix, Jenkins) or 1 (GitLab's CI_NODE_INDEX).")
    var indexBase = 0

    @Option(help: "The previous run's bundle, for each test's duration (tests it lacks count as its median).")
    var from: String?

    @Option(
        help: ArgumentHelp(
            "A file of the tests that exist now, one specifier per line as `swift test list` prints them; - for standard input.",
            valueName: "file"))
    var tests: String?

    /// A CI system's variables for the shard's number and the number of shards, and what its first number is.
    struct CIVariables {
        let index: String
        let total: String
        let base: Int
    }

    /// The CI systems whose parallel jobs are read when --count is not given, in this order.
    static let ciVariables = [
        CIVariables(index: "CI_NODE_INDEX", total: "CI_NODE_TOTAL", base: 1),  // GitLab `parallel:`
        CIVariables(index: "CIRCLE_NODE_INDEX", total: "CIRCLE_NODE_TOTAL", base: 0),  // CircleCI `parallelism:`
        CIVariables(index: "BUILDKITE_PARALLEL_JOB", total: "BUILDKITE_PARALLEL_JOB_COUNT", base: 0),  // Buildkite
    ]

    func validate() throws {
        guard indexBase == 0 || indexBase == 1 else { throw ValidationError("--index-base must be 0 or 1.") }
        if let count, count < 1 || count > 10_000 {
            throw ValidationError("--count must be between 1 and 10000.")
        }
        if let index, count != nil, index < indexBase || index >= (count ?? 0) + indexBase {
            throw ValidationError(
                "--index \(index) is not a shard of \(count ?? 0): use \(indexBase)...\((count ?? 0) + indexBase - 1)"
                    + (indexBase == 0 && index == count ? " (or pass --index-base 1 for 1-based numbers)" : "") + ".")
        }
    }

    /// The number of shards, the shard (from 0) when known, and what the user's first shard is numbered (to
    /// show shard numbers as the user gave them): the options first, then the CI's variables.
    func selection(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> (
        count: Int, index: Int?, base: Int
    ) {
        if let count {
            return (count, index.map { $0 - indexBase }, indexBase)
        }
        for variables in Self.ciVariables {
            guard let total = environment[variables.total] else { continue }
            guard let count = Int(total), count >= 1, count <= 10_000 else {
                throw ValidationError("\(variables.total) is '\(total)', not a number of shards: pass --count.")
            }
            if let index {
                return (count, try checked(index - indexBase, count: count, from: "--index \(index)"), indexBase)
            }
            guard let text = environment[variables.index] else { return (count, nil, variables.base) }
            guard let value = Int(text) else {
                throw ValidationError("\(variables.index) is '\(text)', not a shard number: pass --index.")
            }
            return (
                count, try checked(value - variables.base, count: count, from: "\(variables.index)=\(text)"),
                variables.base
            )
        }
        throw ValidationError(
            "Give the number of shards with --count (or run in a CI job that sets CI_NODE_TOTAL, CIRCLE_NODE_TOTAL "
                + "or BUILDKITE_PARALLEL_JOB_COUNT).")
    }

    private func checked(_ index: Int, count: Int, from source: String) throws -> Int {
        guard index >= 0, index < count else {
            throw ValidationError("\(source) is not a shard of \(count).")
        }
        return index
    }

    /// Each test's duration in the previous run (--from), by bundle id; empty without one.
    func previousDurations() throws -> [String: Double?] {
        guard let from else { return [:] }
        return ShardTestList.durations(of: try RunDigest(BundleOpening.open(from, quiet: true, limits: .display)))
    }

    /// The tests --tests names, or nil without it.
    func listedTests() throws -> [TestSpecifier]? {
        guard let tests else { return nil }
        let data: Data
        if tests == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: tests, isDirectory: &isFolder) else {
                throw CLIError("\(tests): no such file")
            }
            guard !isFolder.boolValue else { throw CLIError("\(tests) is a folder, not a file of test specifiers") }
            data = try Data(contentsOf: URL(fileURLWithPath: tests))
        }
        return Self.specifiers(in: data)
    }

    /// The test specifiers among `swift test list`'s output lines.
    static func specifiers(in output: Data) -> [TestSpecifier] {
        TestSpecifier.listed(in: String(decoding: output, as: UTF8.self))
    }
}
