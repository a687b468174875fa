import Foundation

/// A private folder under the system's temporary directory, named `resultbundle-<purpose>-<pid>-<random>` so that
/// a later run can tell whose it was: making one first removes the folders of processes that are gone, when older
/// than a day (docs/OUTPUTS.md).
package struct ScratchFolder {
    /// How every scratch folder's name starts.
    package static let prefix = "resultbundle-"

    /// The folder.
    package let url: URL

    /// Creates a new folder only this user can read.
    package static func make(purpose: String, in parent: URL = FileManager.default.temporaryDirectory)
        throws(SystemCallError) -> ScratchFolder
    {
        removeStale(in: parent)
        var template = Array(parent.appendingPathComponent("\(prefix)\(purpose)-\(getpid())-XXXXXX").path.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { throw SystemCallError("create a scratch folder in", path: parent.path) }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return ScratchFolder(url: URL(fileURLWithPath: path))
    }

    /// Removes the folder and everything in it.
    package func remove() { try? FileManager.default.removeItem(at: url) }

    /// Removes stale scratch folders in `folder` (the system's temporary directory). Each candidate is seen
    /// through one `lstat` (`PathEntry`): asking `FileManager` for attributes also looks up the owner's name, which
    /// reads the user database once per entry and made a cluttered temporary folder cost `record` a tenth of a
    /// second.
    package static func removeStale(in folder: URL, olderThan age: TimeInterval = 86_400) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        let limit = Date().addingTimeInterval(-age).timeIntervalSince1970
        for name in names where name.hasPrefix(prefix) {
            let url = folder.appendingPathComponent(name)
            guard let pid = owner(name), !PartialName.isAlive(pid),
                let entry = PathEntry(url), entry.kind == .directory, entry.modified < limit
            else { continue }
            try? FileManager.default.removeItem(at: url)
        }
    }

    /// The process id in `resultbundle-PURPOSE-PID-RANDOM`.
    package static func owner(_ name: String) -> pid_t? {
        let parts = name.split(separator: "-")
        guard parts.count >= 4 else { return nil }
        return pid_t(parts[parts.count - 2])
    }
}
