import Foundation
import ResultModel
import TestSharding

/// Lists the tests of a recorded `swift test` with `swift test list` while they run (docs/RECORDING.md), for the
/// modules of XCTest tests and the number of tests each framework has.
///
/// The list never builds and never runs a test: it is `swift test list --skip-build`, started once the command's
/// build is done, with `--ignore-lock`, because `swift test` holds the build folder's lock until it ends (the list
/// would otherwise wait for the whole run). Its output is read, not shown. Safe to use from several threads.
final class BackgroundTestListing: @unchecked Sendable {
    /// What the listing came to.
    struct Outcome {
        /// The tests listed; nil when the list could not be made.
        var listed: ListedTests?
        /// `xctest.listed` and `swiftTesting.listed`, counting the tests the command's `--filter` and `--skip` select.
        var reportedCounts: [String: Int] = [:]
        /// Why there is no list, or what the list left open.
        var diagnostics: [Diagnostic] = []
    }

    /// The `swift test list` command.
    let listCommand: [String]
    /// The command's `--filter` and `--skip` expressions.
    private let filters: [String]
    private let skips: [String]
    private let lock = NSLock()
    // Guarded by `lock`.
    private var process: Process?
    private var isStarted = false
    private var isDelivered = false
    private let done = DispatchSemaphore(value: 0)
    private var onFinish: (Outcome) -> Void = { _ in }

    /// A listing for `command` when it runs `swift test` (possibly after a wrapper); nil otherwise.
    init?(testCommand command: [String]) {
        let invocation = ShardInvocation(command: command)
        guard let start = invocation.swiftTestStart, var list = invocation.listCommand,
            !command[start...].prefix(3).contains("list")
        else { return nil }
        if !list.contains("--skip-build") { list.append("--skip-build") }
        list.append("--ignore-lock")
        listCommand = list
        let arguments = Array(command[start...])
        filters = Self.values(of: ["--filter", "-s", "--specifier"], in: arguments)
        skips = Self.values(of: ["--skip"], in: arguments)
    }

    /// Whether the command skips its build, so the list can start with it.
    static func skipsBuild(_ command: [String]) -> Bool { command.contains("--skip-build") }

    /// Whether the listing has started.
    var hasStarted: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isStarted
    }

    /// Starts listing on another thread, unless it has started; `onFinish` gets the outcome once, on that thread
    /// (or in ``finish(waitingAtMost:)``).
    func start(onFinish: @escaping (Outcome) -> Void) {
        lock.lock()
        guard !isStarted else { return lock.unlock() }
        isStarted = true
        self.onFinish = onFinish
        lock.unlock()
        Thread { [self] in
            let outcome = list()
            deliver(outcome)
            done.signal()
        }.start()
    }

    /// Waits for the listing to end, at most `seconds`; past that, ends it and delivers no list, with a note saying
    /// `reason` (by default, that it took too long). Does nothing when it never started.
    func finish(waitingAtMost seconds: Double, because reason: String? = nil) {
        guard hasStarted else { return }
        if done.wait(timeout: .now() + seconds) == .timedOut {
            lock.lock()
            process?.terminate()
            lock.unlock()
            let why = reason ?? "it did not end within \(Int(seconds)) s"
            deliver(Outcome(diagnostics: [Self.note("`\(listCommand.joined(separator: " "))` was stopped: \(why)")]))
        } else {
            done.signal()
        }
    }

    private func deliver(_ outcome: Outcome) {
        lock.lock()
        guard !isDelivered else { return lock.unlock() }
        isDelivered = true
        let onFinish = self.onFinish
        lock.unlock()
        onFinish(outcome)
    }

    /// Runs the list and reads its output.
    private func list() -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = listCommand
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            lock.lock()
            self.process = process
            lock.unlock()
            try process.run()
        } catch {
            return Outcome(diagnostics: [Self.note("cannot start `\(listCommand[0])`: \(error.localizedDescription)")])
        }
        // Standard error is drained on another thread, so neither pipe can fill up and stall the list.
        let errorText = DrainedText()
        let drained = DispatchSemaphore(value: 0)
        Thread {
            errorText.data = errors.fileHandleForReading.readDataToEndOfFile()
            drained.signal()
        }.start()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        let specifiers = TestSpecifier.listed(in: String(decoding: text, as: UTF8.self))
        guard process.terminationStatus == 0, !specifiers.isEmpty else {
            let reason =
                String(decoding: errorText.data, as: UTF8.self).split(whereSeparator: \.isNewline)
                .last { !$0.contains("Another instance of SwiftPM") }.map { ": " + $0 } ?? ""
            return Outcome(diagnostics: [
                Self.note(
                    "`\(listCommand.joined(separator: " "))` exited \(process.terminationStatus) listing "
                        + "\(specifiers.count) tests\(reason)")
            ])
        }
        var outcome = Outcome(listed: ListedTests(specifiers))
        do {
            let selected = try ListedTests.selected(specifiers, filters: filters, skips: skips)
            outcome.reportedCounts = ListedTests(selected).reportedCounts
        } catch {
            outcome.diagnostics.append(Self.note("cannot apply the command's --filter or --skip to the list: \(error)"))
        }
        return outcome
    }

    private static func note(_ text: String) -> Diagnostic {
        Diagnostic(severity: .note, message: text + "; XCTest tests keep the names their output gives them")
    }

    /// The values of `names` (`--name value` or `--name=value`) in `arguments`, in order.
    private static func values(of names: [String], in arguments: [String]) -> [String] {
        var result: [String] = []
        var position = 0
        while position < arguments.count {
            let argument = arguments[position]
            if names.contains(argument), position + 1 < arguments.count {
                result.append(arguments[position + 1])
                position += 2
                continue
            }
            if let name = names.first(where: { argument.hasPrefix($0 + "=") }) {
                result.append(String(argument.dropFirst(name.count + 1)))
            }
            position += 1
        }
        return result
    }
}

/// What a pipe held, read on another thread and looked at only after that thread signalled it was done.
private final class DrainedText: @unchecked Sendable {
    var data = Data()
}
