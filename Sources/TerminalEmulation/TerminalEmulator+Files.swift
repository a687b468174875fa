import Foundation

/// Feeding files, streamed in chunks.
extension TerminalEmulator {
    /// Feeds the bytes of a file (a captured terminal stream), reading it in 1 MiB chunks.
    /// - Throws: ``TerminalEmulationError`` with code `cannotRead` when the file cannot be opened or read.
    /// - Complexity: O(n) in the file's size; memory stays bounded by the chunk size.
    public mutating func feed(contentsOf url: URL) throws(TerminalEmulationError) {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw TerminalEmulationError(
                code: .cannotRead, message: "cannot open the file: \(error.localizedDescription)", file: url.path)
        }
        defer { try? handle.close() }
        var offset = 0
        while true {
            let chunk: Data
            do {
                chunk = try handle.read(upToCount: 1 << 20) ?? Data()
            } catch {
                throw TerminalEmulationError(
                    code: .cannotRead, message: "cannot read the file: \(error.localizedDescription)",
                    file: url.path, offset: offset)
            }
            if chunk.isEmpty { return }
            feed(chunk)
            offset += chunk.count
        }
    }
}
