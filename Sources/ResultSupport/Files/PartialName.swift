import Foundation

/// The one naming of what a command writes beside a destination before it is complete: `.NAME.partial-PID` for
/// the new content, `.NAME.old-PID` for a replaced folder on its way out. The process id tells a later run whether
/// the writer is gone, so ``removeStale(in:)`` can clean what a killed run left (docs/OUTPUTS.md); every atomic
/// replace (command outputs, the history's rewrite) uses these names, so the cleanup knows them all.
package enum PartialName {
    /// `.NAME.partial-PID` for `destination`, in its folder.
    package static func partial(of destination: URL) -> URL { named(destination, "partial") }

    /// `.NAME.old-PID` for `destination`, in its folder.
    package static func old(of destination: URL) -> URL { named(destination, "old") }

    private static func named(_ destination: URL, _ kind: String) -> URL {
        destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(kind)-\(getpid())")
    }

    /// The process id in `.NAME.partial-PID` or `.NAME.old-PID`.
    package static func owner(_ name: String) -> pid_t? {
        for marker in [".partial-", ".old-"] {
            guard let range = name.range(of: marker, options: .backwards) else { continue }
            let digits = name[range.upperBound...]
            if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) { return pid_t(digits) }
        }
        return nil
    }

    /// Removes the partial and old entries in `folder` whose process no longer exists.
    package static func removeStale(in folder: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(".") {
            guard let pid = owner(name), !isAlive(pid) else { continue }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// Whether a process with this id exists (a process of another user counts as alive).
    package static func isAlive(_ pid: pid_t) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }
}
