import Foundation
import ResultSupport

/// The bytes of an export as they are written: kept whole in memory, or sent to a file each time a megabyte has
/// gathered, so the export of a large run holds about a megabyte of its output at a time.
struct ExportBuffer: ByteAppending {
    /// What has been written and not yet sent to the file (all of it without a file).
    private(set) var bytes: [UInt8] = []
    private let file: POSIXFile?
    private let path: String?

    /// A buffer kept in memory.
    init() {
        file = nil
        path = nil
    }

    /// A buffer that sends its bytes to `file` (named `path` in errors).
    init(file: POSIXFile, path: String) {
        self.file = file
        self.path = path
        bytes.reserveCapacity(Self.flushSize + 64 << 10)
    }

    private static let flushSize = 1 << 20

    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) { self.bytes.append(contentsOf: bytes) }

    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    /// Appends text as it is (the caller has escaped it for the format).
    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// Appends `value` in decimal.
    mutating func appendDecimal<Number: BinaryInteger>(_ value: Number) {
        var value = UInt64(clamping: value)
        if value == 0 { return bytes.append(UInt8(ascii: "0")) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 20 digits at most, written backwards
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while value > 0 {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                count += 1
            }
            bytes.append(contentsOf: buffer[(24 - count)...])
        }
    }

    /// Sends what has gathered to the file once it passes a megabyte; writers call it between source files.
    mutating func flushIfLarge() throws {
        if bytes.count >= Self.flushSize { try flush() }
    }

    /// Sends the rest to the file.
    mutating func flush() throws {
        guard let file, !bytes.isEmpty else { return }
        do {
            try file.write(bytes)
        } catch {
            throw CoverageError(.unwritable, "cannot write: \(error.reason)", file: path, cause: error)
        }
        bytes.removeAll(keepingCapacity: true)
    }
}
