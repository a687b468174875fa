import Foundation

/// Replaces a file's content as one step: the bytes go to its ``PartialName`` beside it, reach the disk, and are
/// renamed over it, so a reader sees the old file or the new one and a killed writer leaves only a partial file
/// that the next writer's cleanup removes.
package enum AtomicReplace {
    /// Writes `bytes` as the new content of `path`; on failure the partial file is removed and the old one stays.
    package static func write(_ bytes: [UInt8], to path: String) throws(SystemCallError) {
        let destination = URL(fileURLWithPath: path)
        PartialName.removeStale(in: destination.deletingLastPathComponent())
        let temporary = PartialName.partial(of: destination).path
        do {
            let file = try POSIXFile.open(temporary, O_WRONLY | O_CREAT | O_TRUNC)
            defer { try? file.close() }
            try file.write(bytes)
            try file.sync()
            try POSIXFile.rename(temporary, path)
        } catch {
            unlink(temporary)
            throw error
        }
    }
}
