import Foundation

/// Removes what a killed or crashed run left behind (docs/OUTPUTS.md): partial outputs beside a destination
/// (`.NAME.partial-PID`, `.NAME.old-PID`) and scratch folders (`resultbundle-…-PID-…`) older than a day, in both
/// cases only when the process that made them no longer exists.
enum LeftoverCleanup {
    /// Removes stale `.NAME.partial-PID` and `.NAME.old-PID` entries in `folder`.
    static func removeStalePartials(in folder: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(".") {
            guard let pid = partialOwner(name), !isAlive(pid) else { continue }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// Removes stale scratch folders in `folder` (the system's temporary directory). Each candidate is seen
    /// through one `lstat` (`PathEntry`): asking `FileManager` for attributes also looks up the owner's name, which
    /// reads the user database once per entry and made a cluttered temporary folder cost `record` a tenth of a
    /// second.
    static func removeStaleScratchFolders(in folder: URL, olderThan age: TimeInterval = 86_400) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        let limit = Date().addingTimeInterval(-age).timeIntervalSince1970
        for name in names where name.hasPrefix(ScratchFolder.prefix) {
            let url = folder.appendingPathComponent(name)
            guard let pid = scratchOwner(name), !isAlive(pid),
                let entry = PathEntry(url), entry.kind == .directory, entry.modified < limit
            else { continue }
            try? FileManager.default.removeItem(at: url)
        }
    }

    /// The process id in `.NAME.partial-PID` or `.NAME.old-PID`.
    static func partialOwner(_ name: String) -> pid_t? {
        for marker in [".partial-", ".old-"] {
            guard let range = name.range(of: marker, options: .backwards) else { continue }
            let digits = name[range.upperBound...]
            if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) { return pid_t(digits) }
        }
        return nil
    }

    /// The process id in `resultbundle-PURPOSE-PID-RANDOM`.
    static func scratchOwner(_ name: String) -> pid_t? {
        let parts = name.split(separator: "-")
        guard parts.count >= 4 else { return nil }
        return pid_t(parts[parts.count - 2])
    }

    /// Whether a process with this id exists (a process of another user counts as alive).
    static func isAlive(_ pid: pid_t) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }
}
