import Foundation
import ResultSupport

/// Writes an output file or folder under a temporary name beside its destination and renames it into place only
/// when it is complete, so an interrupted command never leaves a half-written file where a good one was.
struct AtomicOutput {
    /// Where the finished output goes.
    let destination: URL
    /// Where it is written until then.
    let temporary: URL

    /// Prepares an output at `destination`; creates the parent folder when needed.
    init(destination: URL) throws {
        self.destination = destination.standardizedFileURL
        let parent = self.destination.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        PartialName.removeStale(in: parent)
        self.temporary = PartialName.partial(of: self.destination)
        try? FileManager.default.removeItem(at: temporary)
    }

    /// Moves the finished temporary output into place, replacing what was there.
    func commit() throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: destination.path, isDirectory: &isDirectory) {
            if isDirectory.boolValue {
                let old = PartialName.old(of: destination)
                try manager.moveItem(at: destination, to: old)
                try manager.moveItem(at: temporary, to: destination)
                try? manager.removeItem(at: old)
                return
            }
            // Swapping the two files and then removing the old one under the temporary name replaces the file
            // as atomically as renaming over it, without ext4's flush of a file renamed over another (which
            // writes the new file's blocks out before returning: 5-20 ms for a 10 MB report).
            if (try? POSIXFile.exchange(temporary.path, destination.path)) != nil {
                POSIXFile.remove(temporary.path)
                return
            }
        }
        do {
            try POSIXFile.rename(temporary.path, destination.path)
        } catch {
            throw CLIError("cannot move the finished output to \(destination.path): \(error.reason)")
        }
    }

    /// Removes the temporary output after a failure.
    func discard() {
        try? FileManager.default.removeItem(at: temporary)
    }

    /// Runs `body` with the temporary location, then commits, or discards when `body` throws.
    static func write<T>(to destination: URL, _ body: (URL) throws -> T) throws -> T {
        let output = try AtomicOutput(destination: destination)
        do {
            let result = try body(output.temporary)
            try output.commit()
            return result
        } catch {
            output.discard()
            throw error
        }
    }
}
