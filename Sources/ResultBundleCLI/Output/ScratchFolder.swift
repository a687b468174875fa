import Foundation

/// A private folder under the system's temporary directory, named `resultbundle-<purpose>-<pid>-<random>` so that
/// a later run can tell whose it was (see `LeftoverCleanup`).
struct ScratchFolder {
    static let prefix = "resultbundle-"

    let url: URL

    /// Creates a new folder only this user can read.
    static func make(purpose: String, in parent: URL = FileManager.default.temporaryDirectory) throws -> ScratchFolder {
        LeftoverCleanup.removeStaleScratchFolders(in: parent)
        var template = Array(parent.appendingPathComponent("\(prefix)\(purpose)-\(getpid())-XXXXXX").path.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else {
            throw CLIError(
                "cannot create a scratch folder in \(parent.path): \(String(cString: strerror(errno)))", exitCode: 1)
        }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return ScratchFolder(url: URL(fileURLWithPath: path))
    }

    /// Removes the folder and everything in it.
    func remove() { try? FileManager.default.removeItem(at: url) }
}
