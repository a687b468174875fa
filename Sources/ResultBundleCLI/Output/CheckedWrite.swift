import Foundation
import ResultSupport

/// Writes bytes to a file descriptor completely, turning every failure into an error that names the output and
/// the system's reason (exit code 1), so a full disk or a closed pipe is never reported as success.
enum CheckedWrite {
    static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, named name: String) throws {
        do { try POSIXFile(descriptor: descriptor, path: name).write(bytes) } catch { throw failure(name, error) }
    }

    static func write(_ data: Data, to descriptor: Int32, named name: String) throws {
        try data.withUnsafeBytes { try write($0, to: descriptor, named: name) }
    }

    /// Copies a whole file into `descriptor`.
    static func copy(_ file: URL, to descriptor: Int32, named name: String) throws {
        let input: POSIXFile
        do {
            input = try POSIXFile.open(file.path, O_RDONLY)
        } catch {
            throw CLIError("cannot read \(file.path): \(error.reason)")
        }
        defer { try? input.close() }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count: Int
            do {
                count = try buffer.withUnsafeMutableBytes { try input.readSome(into: $0) }
            } catch let error as SystemCallError {
                // The copy is the output's delivery: a failed read of it is a failed output, as a write is.
                let delivery = SystemCallError(error.operation, path: error.path, number: error.number, isWrite: true)
                throw CLIError("cannot read \(file.path): \(error.reason)", cause: delivery)
            }
            if count == 0 { return }
            try buffer.withUnsafeBytes {
                try write(UnsafeRawBufferPointer(rebasing: $0[0..<count]), to: descriptor, named: name)
            }
        }
    }

    /// Creates (or truncates) a file of our own, such as the temporary file of an output, for writing.
    static func create(_ url: URL) throws -> Int32 {
        do {
            return try POSIXFile.open(url.path, O_WRONLY | O_CREAT | O_TRUNC).descriptor
        } catch {
            throw failure(url.path, error)
        }
    }

    /// Creates the file at `url`, hands its descriptor to `body` and closes it checked; a failed `body` closes it
    /// quietly and its error is the one thrown.
    static func writeFile(_ url: URL, named name: String, _ body: (Int32) throws -> Void) throws {
        let descriptor = try create(url)
        do {
            try body(descriptor)
        } catch {
            try? POSIXFile(descriptor: descriptor, path: name).close()
            throw error
        }
        try close(descriptor, named: name)
    }

    /// Closes a descriptor opened for writing; a file system may report a failed write only here.
    static func close(_ descriptor: Int32, named name: String) throws {
        do { try POSIXFile(descriptor: descriptor, path: name).close() } catch { throw failure(name, error) }
    }

    static func failure(_ name: String, _ error: SystemCallError) -> CLIError {
        CLIError("cannot write to \(name): \(error.reason)", cause: error)
    }
}
