import CSystemShims
import Foundation
import ResultSupport

/// Passes SIGINT, SIGTERM and SIGHUP that reach `record` (alone, or through its own process group) on to the test
/// command's process group, then ends that group with SIGKILL when it has not ended within the grace period
/// (docs/RECORDING.md). A second signal sends SIGKILL at once.
final class SignalForwarder: @unchecked Sendable {
    /// The signals forwarded.
    static let forwarded: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private let lock = NSLock()
    private var group: pid_t = 0
    private var gracePeriod: TimeInterval
    private var firstSignal: Int32?
    private let pipe: Int32

    /// Starts catching the signals; until ``forward(to:)`` names a group they are only remembered.
    init(gracePeriod: TimeInterval) throws {
        self.gracePeriod = gracePeriod
        var signals = Self.forwarded
        pipe = rb_signals_to_pipe(&signals, Int32(signals.count))
        guard pipe >= 0 else { throw CLIError("cannot catch signals: \(String(cString: strerror(errno)))") }
        // A reader of our output that goes away must not kill the recording (issue: `record … | head -1`).
        _ = rb_survive_signal(SIGPIPE)
        Thread { [self] in watch() }.start()
    }

    /// The first signal received, if any.
    var receivedSignal: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return firstSignal
    }

    /// Names the process group signals go to (the command's, which is its process id).
    func forward(to group: pid_t) {
        lock.lock()
        self.group = group
        let pending = firstSignal
        lock.unlock()
        if let pending { deliver(pending, first: true) }
    }

    /// Ends what is left of the group once the command itself has exited: SIGTERM, then SIGKILL for whatever is
    /// still there a moment later, so no process the command started outlives `record`.
    func endGroup(within seconds: TimeInterval = 1) {
        lock.lock()
        let group = self.group
        lock.unlock()
        guard group > 0, ProcessGroup.isAlive(group) else { return }
        kill(-group, SIGTERM)
        let deadline = Date().addingTimeInterval(seconds)
        while ProcessGroup.isAlive(group) && Date() < deadline { usleep(20_000) }
        if ProcessGroup.isAlive(group) { kill(-group, SIGKILL) }
    }

    private func watch() {
        var byte: UInt8 = 0
        while true {
            let count = POSIXFile.retryingInterrupts { read(pipe, &byte, 1) }
            if count <= 0 { return }
            lock.lock()
            let first = firstSignal == nil
            if first { firstSignal = Int32(byte) }
            let known = group > 0
            lock.unlock()
            if known { deliver(Int32(byte), first: first) }
        }
    }

    private func deliver(_ signal: Int32, first: Bool) {
        lock.lock()
        let group = self.group
        let grace = gracePeriod
        lock.unlock()
        guard first else {
            kill(-group, SIGKILL)
            return
        }
        kill(-group, signal)
        DispatchQueue.global().asyncAfter(deadline: .now() + grace) {
            if ProcessGroup.isAlive(group) { kill(-group, SIGKILL) }
        }
    }
}

/// Facts about a process group.
enum ProcessGroup {
    /// Whether the group has a member that is not a zombie (zombies are dead, waiting to be reaped by others).
    static func isAlive(_ group: pid_t) -> Bool {
        guard kill(-group, 0) == 0 || errno == EPERM else { return false }
        return !members(of: group).isEmpty
    }

    /// The living (not zombie) processes of `group`, from /proc; on systems without /proc, the group's leader
    /// counts when signal 0 reaches the group.
    static func members(of group: pid_t) -> [pid_t] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else {
            return kill(-group, 0) == 0 ? [group] : []
        }
        var members: [pid_t] = []
        for name in names {
            guard let pid = pid_t(name),
                let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After "pid (comm) ": state ppid pgrp ...
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, fields[0] != "Z", pid_t(fields[2]) == group else { continue }
            members.append(pid)
        }
        return members
    }
}

/// Names of the signals `record` reports.
enum SignalName {
    static func of(_ number: Int32) -> String {
        switch number {
        case SIGHUP: "SIGHUP"
        case SIGINT: "SIGINT"
        case SIGQUIT: "SIGQUIT"
        case SIGKILL: "SIGKILL"
        case SIGPIPE: "SIGPIPE"
        case SIGTERM: "SIGTERM"
        default: "signal \(number)"
        }
    }
}
