import Foundation
import ResultModel
import Testing

@testable import TerminalEmulation

/// Running real commands in a pseudo-terminal. Every wait is bounded.
@Suite(.timeLimit(.minutes(1)))
struct PseudoTerminalSessionTests {
    @Test func capturesColoredOutputAndTheExitStatus() throws {
        let session = try PseudoTerminalSession(
            command: ["printf", "\\033[1;31mred\\033[0m plain\\n"], columns: 40, rows: 5)
        #expect(session.waitForExit(timeout: 10) == 0)
        #expect(session.text.hasPrefix("red plain\n"))
        let runs = session.snapshot().lines[0].runs
        #expect(
            runs.first == TerminalRun(text: "red", style: TerminalStyle(foreground: .indexed(1), attributes: .bold)))
        #expect(session.rawOutput == Array("\u{1B}[1;31mred\u{1B}[0m plain\r\n".utf8))
    }

    @Test func typesKeysAndWaitsForTheAnswer() throws {
        let session = try PseudoTerminalSession(
            command: ["bash", "--norc", "--noprofile", "-c", "read x; echo got $x; read y"], columns: 40, rows: 5)
        defer { session.terminate() }
        try session.send(keys: "hello<Enter>")
        #expect(session.waitFor(text: "got hello", timeout: 10))
        #expect(session.text.hasPrefix("hello\ngot hello"))
        try session.send(keys: "<C-c>")
        let status = session.waitForExit(timeout: 10)
        #expect(status != nil && status != 0)
    }

    @Test func reportsTheWindowSizeAndTerminalType() throws {
        let session = try PseudoTerminalSession(
            command: ["sh", "-c", "stty size; echo $TERM"], columns: 33, rows: 7)
        #expect(session.waitForExit(timeout: 10) == 0)
        #expect(session.text.hasPrefix("7 33\nxterm-256color"))
    }

    @Test func waitsUntilIdleAndTerminatesARunningProgram() throws {
        let session = try PseudoTerminalSession(command: ["sh", "-c", "echo ready; sleep 30"], columns: 20, rows: 3)
        #expect(session.waitFor(text: "ready", timeout: 10))
        #expect(session.waitUntilIdle(idle: 0.2, timeout: 5))
        let start = Date()
        session.terminate()
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(session.exitStatus != nil)
    }

    @Test func runsInTheGivenDirectory() throws {
        let session = try PseudoTerminalSession(command: ["pwd"], columns: 40, rows: 3, workingDirectory: "/tmp")
        #expect(session.waitForExit(timeout: 10) == 0)
        #expect(session.text.hasPrefix("/tmp\n"))
    }

    @Test func aMissingProgramIsAnError() {
        #expect(throws: TerminalEmulationError.self) {
            _ = try PseudoTerminalSession(command: ["/nonexistent/program-\(UUID())"])
        }
        #expect(throws: TerminalEmulationError.self) { _ = try PseudoTerminalSession(command: []) }
    }

    @Test func waitForTextTimesOut() throws {
        let session = try PseudoTerminalSession(command: ["sh", "-c", "echo other; sleep 5"], columns: 20, rows: 3)
        defer { session.terminate() }
        let start = Date()
        #expect(!session.waitFor(text: "never", timeout: 0.3))
        #expect(Date().timeIntervalSince(start) < 3)
    }
}

/// Ending sessions.
@Suite(.timeLimit(.minutes(1)))
struct PseudoTerminalSessionLifetimeTests {
    @Test func droppingTheSessionKillsTheProgram() throws {
        var session: PseudoTerminalSession? = try PseudoTerminalSession(command: ["sleep", "30"], columns: 20, rows: 3)
        let pid = try #require(session?.processIdentifier)
        #expect(kill(pid, 0) == 0)
        session = nil
        let deadline = Date().addingTimeInterval(5)
        while kill(pid, 0) == 0 && Date() < deadline { usleep(10_000) }
        #expect(kill(pid, 0) != 0)
    }

    @Test func sendingAfterTheProgramEndedIsAnError() throws {
        let session = try PseudoTerminalSession(command: ["true"], columns: 20, rows: 3)
        #expect(session.waitForExit(timeout: 10) == 0)
        let deadline = Date().addingTimeInterval(5)
        var didFail = false
        while !didFail && Date() < deadline {
            do { try session.send(keys: "x") } catch { didFail = true }
            usleep(10_000)
        }
        #expect(didFail)
    }
}
