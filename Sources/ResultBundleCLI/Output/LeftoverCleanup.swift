import Foundation
import ResultSupport

/// Removes the scratch folders (`resultbundle-…-PID-…`) a killed or crashed run left behind (docs/OUTPUTS.md), when
/// older than a day and the process that made them no longer exists; partial outputs beside a destination are
/// `PartialName`'s (ResultSupport).
enum LeftoverCleanup {
    /// Removes stale scratch folders in `folder` (the system's temporary directory). Each candidate is seen
    /// through one `lstat` (`PathEntry`): asking `FileManager` for attributes also looks up the owner's name, which
    /// reads the user database once per entry and made a cluttered temporary folder cost `record` a tenth of a
    /// second.
    static func removeStaleScratchFolders(in folder: URL, olderThan age: TimeInterval = 86_400) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        let limit = Date().addingTimeInterval(-age).timeIntervalSince1970
        for name in names where name.hasPrefix(ScratchFolder.prefix) {
            let url = folder.appendingPathComponent(name)
            guard let pid = scratchOwner(name), !PartialName.isAlive(pid),
                let entry = PathEntry(url), entry.kind == .directory, entry.modified < limit
            else { continue }
            try? FileManager.default.removeItem(at: url)
        }
    }

    /// The process id in `resultbundle-PURPOSE-PID-RANDOM`.
    static func scratchOwner(_ name: String) -> pid_t? {
        let parts = name.split(separator: "-")
        guard parts.count >= 4 else { return nil }
        return pid_t(parts[parts.count - 2])
    }
}
