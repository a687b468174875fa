import Foundation

/// The one folder of the system's temporary folder that a test process makes its temporary folders in,
/// `resultbundle-tests-PID`, removed when the process exits. A whole `swift test` makes over a hundred thousand
/// temporary folders; left in the temporary folder, they slowed everything that lists it afterwards (`record`
/// looks there for stale scratch folders on every run).
public enum TestScratch {
    static let prefix = "resultbundle-tests-"

    /// This process's folder, made on first use. Making it also removes the folders of test processes that ended
    /// without removing theirs (a crash, a signal), so none stays behind for long.
    public static let folder: URL = {
        let base = FileManager.default.temporaryDirectory
        removeFoldersOfEndedProcesses(in: base)
        let url = base.appendingPathComponent(prefix + String(getpid()))
        // The exit handler cannot capture anything, so it finds the folder again from the process's id.
        atexit {
            let base = FileManager.default.temporaryDirectory
            try? FileManager.default.removeItem(at: base.appendingPathComponent(TestScratch.prefix + String(getpid())))
        }
        return url
    }()

    /// Removes each `resultbundle-tests-PID` folder in `base` whose process no longer runs.
    public static func removeFoldersOfEndedProcesses(in base: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), !isRunning(pid) else { continue }
            try? FileManager.default.removeItem(at: base.appendingPathComponent(name))
        }
    }

    /// Whether a process with this id runs (one of another user's counts: it cannot be signalled, but it runs).
    static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
