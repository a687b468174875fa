import ArgumentParser
import Foundation
import ResultSupport
import TestSharding

/// `resultbundle shard`: splits a test suite into shards of about equal duration that stay put from run to run.
struct ShardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shard",
        abstract: "Split tests into balanced, stable shards for parallel CI jobs, and run one shard.",
        discussion: """
            Tests are weighed by their duration in the previous run (--from; a test it lacks counts as the median) \
            and placed by rendezvous hashing with bounded loads: each test keeps its shard from run to run while \
            no shard goes more than 5% over the ideal, and a new test goes to the lightest shard. See \
            docs/SHARDING.md.

            --index counts from 0 (a GitHub matrix index); pass --index-base 1 for 1-based numbers. Without \
            --count, the CI's own variables are read: GitLab's CI_NODE_INDEX and CI_NODE_TOTAL (1-based), \
            CircleCI's CIRCLE_NODE_INDEX and CIRCLE_NODE_TOTAL, Buildkite's BUILDKITE_PARALLEL_JOB and \
            BUILDKITE_PARALLEL_JOB_COUNT.

            Examples:
              resultbundle shard list --count 4 --from main.resultbundle
              resultbundle shard run --index 0 --count 4 --from r.resultbundle -- make test
              resultbundle shard run --from r.resultbundle -- resultbundle record -- make
            """,
        subcommands: [ShardListCommand.self, ShardRunCommand.self])
}

/// `resultbundle shard list`: prints each shard's tests.
struct ShardListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print each shard's tests (or one shard's, with --index).",
        discussion: """
            The tests are those of --tests (a file of specifiers, one a line, as `swift test list` prints them) \
            with their durations in --from; without --tests, the tests of --from. A test of --from that --tests \
            does not list is left out.

            text: a heading per shard (number, tests, estimated seconds), then its tests; with --index, only that \
            shard's tests, one a line. filter: the `swift test --filter` patterns of each shard (one a line; \
            usually one per shard). json: every shard with its tests, each with its duration or null when new.

            Examples:
              resultbundle shard list --count 4 --from main.resultbundle
              swift test list | resultbundle shard list --count 4 --index 0 --tests -
              resultbundle shard list --count 3 --index 1 --tests tests.txt --format filter
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, filter, json
    }

    @OptionGroup var options: ShardOptions

    @Option(help: "text, filter (the swift test --filter patterns) or json.")
    var format = Format.text

    func validate() throws {
        guard options.from != nil || options.tests != nil else {
            throw ValidationError("Give the tests: --from PREVIOUS.resultbundle, --tests FILE, or both.")
        }
    }

    func run() throws {
        let selection = try options.selection()
        let tests = ShardTestList.make(previous: try options.previousDurations(), listed: try options.listedTests())
        let plan = ShardPlanner(shardCount: selection.count).plan(tests)
        let shards = selection.index.map { [plan.shards[$0]] } ?? plan.shards
        let base = selection.base
        switch format {
        case .text:
            var text = ""
            for shard in shards {
                if selection.index == nil {
                    text +=
                        "# shard \(shard.index + base) of \(plan.shards.count): \(Counted.noun(shard.tests.count, "test")), "
                        + "\(NumberText.duration(shard.estimatedSeconds))\n"
                }
                for test in shard.tests { text += TerminalText.escapingControls(test.specifier.text) + "\n" }
            }
            // StandardOutput.line adds the last line's newline.
            if !text.isEmpty { try StandardOutput.line(String(text.dropLast())) }
        case .filter:
            let patterns = shards.flatMap { TestFilterPattern.patterns(for: $0.tests.map(\.specifier)) }
            if !patterns.isEmpty { try StandardOutput.line(patterns.joined(separator: "\n")) }
        case .json:
            try StandardOutput.line(try Self.json(plan, shards: shards, base: base))
        }
    }

    static func json(_ plan: ShardPlan, shards: [ShardPlan.Shard], base: Int) throws -> String {
        struct Test: Encodable {
            let id: String
            let duration: Double?
        }
        struct Shard: Encodable {
            let index: Int
            let estimatedSeconds: Double
            let tests: [Test]
            let filter: [String]
        }
        struct Output: Encodable {
            let count: Int
            let indexBase: Int
            let medianDuration: Double
            let shards: [Shard]
        }
        let output = Output(
            count: plan.shards.count, indexBase: base, medianDuration: plan.medianDuration,
            shards: shards.map { shard in
                Shard(
                    index: shard.index + base, estimatedSeconds: shard.estimatedSeconds,
                    tests: shard.tests.map { Test(id: $0.specifier.text, duration: $0.duration) },
                    filter: TestFilterPattern.patterns(for: shard.tests.map(\.specifier)))
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(output), as: UTF8.self)
    }
}

/// `resultbundle shard run`: runs the test command on one shard's tests.
struct ShardRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the test command on one shard's tests (swift test --filter), and exit with its code.",
        discussion: """
            The tests are those `swift test list` prints (run with the command's package and build options; or \
            --tests FILE), with their durations in --from. A test --from lacks is new and goes to the lightest \
            shard; a test of --from that is not listed any more is left out. When the command has no `swift test` \
            and there is no --tests, the tests of --from are the tests.

            The shard's tests are passed as `--filter PATTERN`, added at the end of the command: one regular \
            expression of the anchored, escaped test specifiers. When that pattern would be longer than \
            --max-filter-bytes (100,000 by default: Linux takes at most 128 KiB in one argument, and SwiftPM hands \
            XCTest the matching tests' names as one argument), the shard runs as several commands, one after \
            the other, each with a part of its tests; the exit code is then the first that is not 0. A shard \
            without tests runs nothing and exits 0.

            Examples:
              resultbundle shard run --index 0 --count 4 --from r.resultbundle -- make test
              resultbundle shard run --index 1 --index-base 1 --count 3 -- swift test -j 4
              resultbundle shard run --from r.resultbundle -- resultbundle record -- make
            """)

    @OptionGroup var options: ShardOptions

    @Option(help: "The longest --filter pattern in one command, in bytes; a longer shard runs as several commands.")
    var maxFilterBytes = TestFilterPattern.defaultMaximumBytes

    @Option(help: "Seconds the command gets to end after a forwarded SIGINT, SIGTERM or SIGHUP before SIGKILL.")
    var gracePeriod: Double = 10

    @Flag(help: "Print the commands instead of running them.")
    var dryRun = false

    @Argument(parsing: .postTerminator, help: "The test command and its arguments, after --.")
    var command: [String] = []

    func validate() throws {
        guard !command.isEmpty else {
            throw ValidationError(
                "Give the test command after --, for example: resultbundle shard run --index 0 --count 4 -- swift test")
        }
        guard maxFilterBytes >= 1_000 else { throw ValidationError("--max-filter-bytes must be at least 1000.") }
        guard gracePeriod >= 0, gracePeriod.isFinite else {
            throw ValidationError("--grace-period must be a number of seconds, 0 or more.")
        }
        let invocation = ShardInvocation(command: command)
        guard !invocation.hasOwnFilter else {
            throw ValidationError(
                "The command already has --filter, which would run tests of other shards: remove it (--skip still "
                    + "works).")
        }
        guard options.from != nil || options.tests != nil || invocation.swiftTestStart != nil else {
            throw ValidationError(
                "Say where the tests come from: --from PREVIOUS.resultbundle, --tests FILE, or a swift test command.")
        }
    }

    func run() throws {
        let selection = try options.selection()
        guard let index = selection.index else {
            throw ValidationError(
                "Give the shard with --index (or run in a CI job that sets CI_NODE_INDEX, CIRCLE_NODE_INDEX or "
                    + "BUILDKITE_PARALLEL_JOB).")
        }
        let invocation = ShardInvocation(command: command)
        let previous = try options.previousDurations()
        var listed = try options.listedTests()
        if listed == nil, let list = invocation.listCommand {
            if let build = invocation.coverageBuildCommand {
                StandardError.print("resultbundle: building the tests with coverage: \(build.joined(separator: " "))")
                let result = try ShardProcess.capture(build)
                guard result.exitCode == 0 else {
                    StandardError.print(String(decoding: result.output, as: UTF8.self))
                    StandardError.print("error: \(build.joined(separator: " ")) exited \(result.exitCode)")
                    throw ExitCode(result.exitCode)
                }
            }
            StandardError.print("resultbundle: listing tests: \(list.joined(separator: " "))")
            let result = try ShardProcess.capture(list)
            guard result.exitCode == 0 else {
                StandardError.print("error: \(list.joined(separator: " ")) exited \(result.exitCode)")
                throw ExitCode(result.exitCode)
            }
            listed = ShardOptions.specifiers(in: result.output)
        }
        let tests = ShardTestList.make(previous: previous, listed: listed)
        let shard = ShardPlanner(shardCount: selection.count).plan(tests).shards[index]
        let label = "shard \(index + selection.base) of \(selection.count)"
        let patterns = TestFilterPattern.patterns(
            for: shard.tests.map(\.specifier), maximumBytes: maxFilterBytes)
        StandardError.print(
            "resultbundle: \(label): \(shard.tests.count) of \(tests.count) tests, "
                + "\(NumberText.duration(shard.estimatedSeconds)) estimated"
                + (patterns.count > 1 ? ", in \(patterns.count) commands" : ""))
        if dryRun {
            for pattern in patterns {
                try StandardOutput.line(
                    invocation.command(filtering: pattern).map(Self.shellQuoted).joined(separator: " "))
            }
            return
        }
        let signals = try SignalForwarder(gracePeriod: gracePeriod)
        var exitCode: Int32 = 0
        for pattern in patterns {
            let code = try ShardProcess.run(invocation.command(filtering: pattern), signals: signals)
            if let signal = signals.receivedSignal { throw ExitCode(128 + signal) }
            if exitCode == 0 { exitCode = code }
        }
        if exitCode != 0 { throw ExitCode(exitCode) }
    }

    /// `argument` as a POSIX shell reads it back.
    static func shellQuoted(_ argument: String) -> String {
        let plain = argument.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./=:@%+,".contains($0)) }
        if plain && !argument.isEmpty { return argument }
        return "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
