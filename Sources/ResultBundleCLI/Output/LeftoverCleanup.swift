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

    /// Removes stale scratch folders in `folder` (the system's temporary directory).
    static func removeStaleScratchFolders(in folder: URL, olderThan age: TimeInterval = 86_400) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        let limit = Date().addingTimeInterval(-age)
        for name in names where name.hasPrefix(ScratchFolder.prefix) {
            let url = folder.appendingPathComponent(name)
            guard let pid = scratchOwner(name), !isAlive(pid),
                let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
                attributes[.type] as? FileAttributeType == .typeDirectory,
                let modified = attributes[.modificationDate] as? Date, modified < limit
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
