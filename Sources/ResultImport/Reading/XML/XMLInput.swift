import Foundation
import ResultSupport

/// Serves libxml2's small reads (4,000 bytes at a time) from the bytes already read (the prefix used to detect the
/// format), then from 256 KiB reads of the file, counting lines as they are handed over.
///
/// In a UTF-8 document the input's last byte is held back until the end of the file is known, and then handed over
/// alone. libxml2's reader parses the bytes it holds when it learns of the end together with the end, and a
/// truncated document's error then discards the elements those bytes completed (up to 511 bytes of elements).
/// With the last byte alone, everything before it is parsed, and read, first.
final class XMLInput {
    /// Bytes read, in one buffer allocated once; those not yet handed to libxml2 are `start..<end`.
    private let storage: UnsafeMutableRawBufferPointer
    private(set) var start = 0
    private(set) var end = 0
    private(set) var atEnd = false
    /// Bytes kept back until the end is known: 1 for UTF-8 (see above), 0 for other encodings, whose decoders may
    /// need more than one byte per character.
    private let heldBack: Int
    let descriptor: Int32
    private(set) var bytesRead: Int64 = 0
    let limit: Int64
    static let refillSize = 256 << 10

    init(prefix: [UInt8], descriptor: Int32, limit: Int64) {
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: prefix.count + Self.refillSize, alignment: 16)
        storage.copyBytes(from: prefix)
        self.storage = storage
        end = prefix.count
        self.descriptor = descriptor
        self.limit = limit
        heldBack = XMLDeclaration.isUTF8(prefix) ? 1 : 0
    }

    deinit { storage.deallocate() }

    /// Whether every byte of the input was handed to libxml2.
    var isExhausted: Bool { atEnd && start == end }

    func read(into buffer: UnsafeMutablePointer<CChar>, count: Int) -> Int32 {
        guard bytesRead < limit else { return -1 }
        if !atEnd, end - start <= heldBack, refill() < 0 { return -1 }
        let available = end - start - (atEnd ? 0 : heldBack)
        guard available > 0 else { return 0 }
        let size = min(count, available)
        UnsafeMutableRawPointer(buffer).copyMemory(from: storage.baseAddress! + start, byteCount: size)
        countLines(UnsafeRawBufferPointer(start: storage.baseAddress! + start, count: size))
        start += size
        bytesRead += Int64(size)
        return Int32(size)
    }

    /// Lines handed over so far: the line number of the input's last line once it is all read.
    private(set) var lastLine = 1

    private func countLines(_ bytes: UnsafeRawBufferPointer) {
        var position = bytes.baseAddress!
        var remaining = bytes.count
        while remaining > 0, let found = memchr(position, 0x0A, remaining) {
            lastLine += 1
            let next = found + 1
            remaining -= position.distance(to: UnsafeRawPointer(next))
            position = UnsafeRawPointer(next)
        }
    }

    /// Moves the bytes not handed over yet (at most the held-back byte) to the front and reads up to 256 KiB after
    /// them, reusing the buffer; notes the end of the file. Returns the count read, or -1 on an error.
    private func refill() -> Int {
        let kept = end - start
        if kept > 0 && start > 0 {
            storage.baseAddress!.copyMemory(from: storage.baseAddress! + start, byteCount: kept)
        }
        start = 0
        end = kept
        let free = UnsafeMutableRawBufferPointer(
            start: storage.baseAddress! + end, count: min(Self.refillSize, storage.count - end))
        guard let got = try? POSIXFile(descriptor: descriptor, path: nil).readSome(into: free) else { return -1 }
        if got == 0 { atEnd = true }
        end += got
        return got
    }
}

/// What the start of an XML document says about its encoding.
enum XMLDeclaration {
    /// Whether a document starting with `prefix` is UTF-8: a UTF-8 byte order mark, no declaration, or a
    /// declaration naming no encoding or UTF-8.
    static func isUTF8(_ prefix: [UInt8]) -> Bool {
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { return true }
        guard let first = prefix.first else { return true }
        guard first == UInt8(ascii: "<") else { return false }
        let head = prefix.prefix(256)
        guard head.starts(with: Array("<?xml".utf8)) else { return true }
        let declaration = String(decoding: head, as: UTF8.self).prefix { $0 != ">" }.lowercased()
        guard let encoding = declaration.range(of: "encoding") else { return true }
        let value = declaration[encoding.upperBound...].drop { " =\"'\t\r\n".contains($0) }.prefix {
            $0 != "\"" && $0 != "'"
        }
        return value == "utf-8" || value == "utf8"
    }
}
