import Foundation
import ResultModel
import ResultSupport
import TerminalEmulation

/// Drives a command-line program in a pseudo-terminal, the terminal counterpart of driving an app in a UI test:
/// type keys, wait for text on the screen, and attach snapshots of the screen to the running step or test.
public final class TerminalSession: @unchecked Sendable {
    /// The screen size.
    public let columns: Int
    /// The screen height.
    public let rows: Int
    private let session: PseudoTerminalSession

    /// The failure of a wait.
    public struct TimeoutError: PlacedError {
        /// The one kind of wait failure.
        public enum Code: String, Sendable, CustomStringConvertible {
            /// What was awaited did not happen in time.
            case timedOut
            /// The code's name.
            public var description: String { rawValue }
        }

        /// Always ``Code/timedOut``.
        public var code: Code { .timedOut }
        /// What was awaited, and for how long.
        public var message: String
        /// A screen has no file or line.
        public var place: ErrorPlace { ErrorPlace() }
        /// A timeout has no underlying error.
        public var cause: (any Error & Sendable)? { nil }
    }

    /// Starts `command` in a pseudo-terminal of `columns` × `rows`.
    public init(command: [String], columns: Int = 80, rows: Int = 24, environment: [String: String]? = nil) throws {
        self.columns = columns
        self.rows = rows
        session = try PseudoTerminalSession(command: command, columns: columns, rows: rows, environment: environment)
    }

    deinit { session.terminate() }

    /// Types keys (`hello<Enter>`, `<Up>`, `<C-c>`; see docs/TERMINAL.md).
    public func send(keys: String) throws {
        try session.send(keys: keys)
    }

    /// Waits until `text` is on the screen; throws ``TimeoutError`` after `timeout` seconds.
    public func waitFor(text: String, timeout: Double = 10) async throws {
        let found = await Task.detached { [session] in session.waitFor(text: text, timeout: timeout) }.value
        if !found { throw TimeoutError(message: "\"\(text)\" did not appear within \(timeout) seconds") }
    }

    /// Waits until the program has printed nothing for `idle` seconds.
    public func waitUntilIdle(idle: Double = 0.3, timeout: Double = 10) async {
        _ = await Task.detached { [session] in session.waitUntilIdle(idle: idle, timeout: timeout) }.value
    }

    /// The screen now, as text.
    public var text: String { session.text }

    /// Attaches the current screen to the running step or test, and returns it.
    @discardableResult
    public func snapshot(named name: String) -> TerminalSnapshot {
        let snapshot = session.snapshot()
        attach(snapshot, named: name)
        return snapshot
    }

    /// Ends the program.
    public func terminate() { session.terminate() }
}
