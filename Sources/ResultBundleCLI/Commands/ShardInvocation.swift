import Foundation
import TestSharding

/// How `shard run` runs a test command: where `swift test` sits in it, the `swift test list` that finds the tests,
/// and the command with a shard's `--filter` added.
struct ShardInvocation {
    /// The test command, as given after `--`.
    let command: [String]

    /// Where `swift test` (or `swift-test`) starts in the command: at the start, or after a wrapper such as
    /// `resultbundle record -o X --`.
    var swiftTestStart: Int? {
        command.indices.first { SwiftTestInvocation.isSwiftTest(Array(command[$0...])) }
    }

    /// The options of `swift test` that `swift test list` accepts too and that choose what is built and where
    /// (with the number of values each takes); the others (`--parallel`, `--skip`, `--xunit-output`, ...) only
    /// change how tests run, and are left out.
    static let listOptions: [String: Int] = [
        "--package-path": 1, "--scratch-path": 1, "--build-path": 1, "--cache-path": 1, "--config-path": 1,
        "--security-path": 1, "-c": 1, "--configuration": 1, "--triple": 1, "--sdk": 1, "--swift-sdk": 1,
        "--toolchain": 1, "--test-product": 1, "-Xswiftc": 1, "-Xcc": 1, "-Xcxx": 1, "-Xlinker": 1,
        "--skip-build": 0, "--disable-sandbox": 0, "--enable-xctest": 0, "--disable-xctest": 0,
        "--enable-swift-testing": 0, "--disable-swift-testing": 0, "--traits": 1, "--enable-all-traits": 0,
        "--disable-default-traits": 0, "--jobs": 1, "-j": 1, "--quiet": 0, "-q": 0,
    ]

    /// The `swift test list` command for the command's `swift test`, carrying the options that choose the package
    /// and the build; nil when the command has no `swift test`. After ``coverageBuildCommand`` it skips the build.
    var listCommand: [String]? {
        guard let start = swiftTestStart else { return nil }
        let tool = command[start]
        let standalone = URL(fileURLWithPath: tool).lastPathComponent == "swift-test"
        var result =
            (standalone ? [tool] : [tool, "test"]) + ["list"] + buildOptions(after: start + (standalone ? 1 : 2))
        if coverageBuildCommand != nil { result.append("--skip-build") }
        return result
    }

    /// Whether the tests build with coverage: `swift test --enable-code-coverage`, or `swift test` wrapped in
    /// `resultbundle record --coverage`, which adds that option.
    var buildsWithCoverage: Bool {
        guard let start = swiftTestStart else { return false }
        return command[start...].contains("--enable-code-coverage")
            || (command[..<start].contains("record") && command[..<start].contains("--coverage"))
    }

    /// The build a coverage run needs before its tests are listed: `swift test list` has no coverage option and
    /// builds without coverage, so the test command would then build everything again with it (two builds a
    /// shard). `swift build --build-tests --enable-code-coverage` builds what `swift test --enable-code-coverage`
    /// does, and the list then skips its build. Nil when the tests build without coverage or skip their build.
    var coverageBuildCommand: [String]? {
        guard buildsWithCoverage, let start = swiftTestStart, !command[start...].contains("--skip-build") else {
            return nil
        }
        let tool = command[start]
        let standalone = URL(fileURLWithPath: tool).lastPathComponent == "swift-test"
        // `swift-build` where `swift-test` is (beside it, or on the path).
        let build = standalone ? [String(tool.dropLast("swift-test".count)) + "swift-build"] : [tool, "build"]
        let options = buildOptions(after: start + (standalone ? 1 : 2), excluding: ["--test-product"])
        return build + ["--build-tests", "--enable-code-coverage"] + options
    }

    /// The options of ``listOptions`` that `swift test` gets from the argument at `position` on, but `excluding`.
    private func buildOptions(after position: Int, excluding: Set<String> = []) -> [String] {
        var result: [String] = []
        var position = position
        while position < command.count {
            let argument = command[position]
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if let values = Self.listOptions[name] {
                let takesNext = values > 0 && !argument.contains("=")
                if !excluding.contains(name) {
                    result.append(argument)
                    if takesNext, position + 1 < command.count { result.append(command[position + 1]) }
                }
                position += takesNext ? 2 : 1
            } else {
                position += 1
            }
        }
        return result
    }

    /// Whether the command already filters its tests, which would defeat the shard's filter.
    var hasOwnFilter: Bool {
        guard let start = swiftTestStart else { return false }
        return command[start...].contains { $0 == "--filter" || $0.hasPrefix("--filter=") || $0 == "-s" }
    }

    /// The command that runs the tests `pattern` matches: `--filter PATTERN` added at the end, so that it reaches
    /// `swift test` also through a wrapper (`resultbundle record -- swift test`).
    func command(filtering pattern: String) -> [String] {
        command + ["--filter", pattern]
    }
}

/// Starts commands for `shard`: the one that lists tests, with its output read, and the test commands, with
/// their output passed through and signals forwarded.
enum ShardProcess {
    /// Runs `arguments` and returns its exit code and standard output; its standard error passes through.
    static func capture(_ arguments: [String]) throws -> (exitCode: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            throw CLIError("cannot start \(arguments[0]): \(error.localizedDescription)")
        }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let code =
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return (code, output)
    }

    /// Runs `arguments` with our standard output and error, in its own process group that `signals` forwards
    /// to; returns its exit code (128 + the signal's number when a signal ended it).
    static func run(_ arguments: [String], signals: SignalForwarder) throws -> Int32 {
        let executable = "/usr/bin/env"
        let process = try SpawnedProcess.spawn(
            executable: executable, arguments: [executable] + arguments,
            environment: ProcessInfo.processInfo.environment, standardOutput: STDOUT_FILENO,
            standardError: STDERR_FILENO)
        signals.forward(to: process.pid)
        let code = process.waitForExit()
        signals.endGroup()
        return code
    }
}
