import Foundation
import ResultModel
import ResultSupport

/// The results of a TRX file read before its `TestDefinitions` (`dotnet test` writes them in that order), held in a
/// compact form until the definitions are read: in memory up to ``memoryLimit`` bytes, then in an unnamed temporary
/// file, so that memory stays flat however many results wait. Holds what ``TRXImporter`` writes of a result, nothing
/// else.
final class TRXResultSpool {
    private var buffer: [UInt8] = []
    private var file: SpillFile?
    /// The bytes held in memory before they go to the file.
    var memoryLimit: Int
    private let directory: URL
    /// Results held.
    private(set) var count = 0

    init(memoryLimit: Int = 1 << 20, directory: URL = FileManager.default.temporaryDirectory) {
        self.memoryLimit = memoryLimit
        self.directory = directory
    }

    deinit { file?.remove() }

    /// Holds `result`.
    func append(_ result: TRXResult) throws {
        TRXResultCoding.encode(result, into: &buffer)
        count += 1
        if buffer.count >= memoryLimit { try spill() }
    }

    /// Hands every result held to `body`, in the order they came, and empties the spool.
    func drain(_ body: (TRXResult) throws -> Void) throws {
        defer {
            buffer = []
            count = 0
            file?.remove()
            file = nil
        }
        if let file {
            try spill()
            var reader = TRXSpoolReader(file: file)
            for _ in 0..<count {
                try body(try reader.next())
            }
        } else {
            var offset = 0
            for _ in 0..<count {
                try body(try TRXResultCoding.decode(buffer, at: &offset))
            }
        }
    }

    private func spill() throws {
        guard !buffer.isEmpty else { return }
        do {
            if file == nil { file = try SpillFile(anonymousIn: directory, prefix: "resultbundle-trx") }
            try buffer.withUnsafeBytes { _ = try file!.append($0) }
        } catch let error as SystemCallError {
            throw ImportError(
                .unreadable, "cannot hold the results that come before the test definitions: \(error.reason)",
                file: error.path, underlying: error)
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Reads a spool's file back in order, a megabyte at a time.
private struct TRXSpoolReader {
    let file: SpillFile
    var chunk: [UInt8] = []
    var offset = 0
    var position: Int64 = 0

    init(file: SpillFile) { self.file = file }

    /// The next result; the file must hold it.
    mutating func next() throws -> TRXResult {
        while true {
            var attempt = offset
            if let result = try? TRXResultCoding.decode(chunk, at: &attempt) {
                offset = attempt
                return result
            }
            // The result runs past the bytes read: keep its start and read more.
            try refill(atLeast: max(1 << 20, 2 * (chunk.count - offset)))
        }
    }

    private mutating func refill(atLeast size: Int) throws {
        var next = Array(chunk[offset...])
        let kept = next.count
        next += repeatElement(0, count: size)
        let got: Int
        do {
            got = try next.withUnsafeMutableBytes {
                try file.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[kept...]), at: position)
            }
        } catch let error as SystemCallError {
            throw ImportError(
                .unreadable, "cannot read back the results held for the test definitions: \(error.reason)",
                file: error.path, underlying: error)
        }
        guard got > 0 else {
            throw ImportError(
                .unreadable, "the results held for the test definitions are shorter than written", file: file.path)
        }
        position += Int64(got)
        next.removeLast(size - got)
        chunk = next
        offset = 0
    }
}

/// The compact form of a held result: each field in turn, a string as its length plus one and its bytes (0 for
/// none), a number as its 8 bytes after a 1 (0 for none), a count or line as LEB128 (a line plus one, 0 for none).
enum TRXResultCoding {
    static func encode(_ result: TRXResult, into bytes: inout [UInt8]) {
        append(result.testId, to: &bytes)
        append(result.testName, to: &bytes)
        append(result.outcome, to: &bytes)
        append(result.start, to: &bytes)
        append(result.duration, to: &bytes)
        append(result.resultsDirectory, to: &bytes)
        append(result.computerName, to: &bytes)
        append(result.message, to: &bytes)
        append(result.stackTrace, to: &bytes)
        append(result.output, to: &bytes)
        appendCount(result.files.count, to: &bytes)
        for file in result.files {
            append(file.path, to: &bytes)
            appendCount(file.line.map { $0 + 1 } ?? 0, to: &bytes)
        }
        appendCount(result.line, to: &bytes)
    }

    /// The result encoded at `offset`, which moves past it; throws when the bytes end first.
    static func decode(_ bytes: [UInt8], at offset: inout Int) throws -> TRXResult {
        var cursor = Cursor(bytes: bytes, offset: offset)
        let testId = try cursor.string()
        var result = TRXResult(testName: try cursor.string() ?? "", line: 0)
        result.testId = testId
        result.outcome = try cursor.string()
        result.start = try cursor.double()
        result.duration = try cursor.double()
        result.resultsDirectory = try cursor.string()
        result.computerName = try cursor.string()
        result.message = try cursor.string()
        result.stackTrace = try cursor.string()
        result.output = try cursor.string() ?? ""
        for _ in 0..<(try cursor.count()) {
            let path = try cursor.string() ?? ""
            let line = try cursor.count()
            result.files.append(AttachmentReference(path: path, line: line == 0 ? nil : line - 1))
        }
        result.line = try cursor.count()
        offset = cursor.offset
        return result
    }

    private static func append(_ text: String?, to bytes: inout [UInt8]) {
        guard let text else { return appendCount(0, to: &bytes) }
        appendCount(text.utf8.count + 1, to: &bytes)
        bytes.append(contentsOf: text.utf8)
    }

    private static func append(_ value: Double?, to bytes: inout [UInt8]) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// A count as LEB128: seven bits a byte, low bits first.
    private static func appendCount(_ count: Int, to bytes: inout [UInt8]) {
        var value = UInt(max(0, count))
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// The end of the bytes before a whole result was read.
    struct Truncated: Error {}

    private struct Cursor {
        let bytes: [UInt8]
        var offset: Int

        mutating func count() throws -> Int {
            var value: UInt = 0
            var shift: UInt = 0
            while true {
                guard offset < bytes.count, shift < 64 else { throw Truncated() }
                let byte = bytes[offset]
                offset += 1
                value |= UInt(byte & 0x7F) << shift
                if byte < 0x80 { return Int(truncatingIfNeeded: value) }
                shift += 7
            }
        }

        mutating func string() throws -> String? {
            let length = try count()
            guard length > 0 else { return nil }
            guard offset + length - 1 <= bytes.count else { throw Truncated() }
            let text = String(decoding: bytes[offset..<(offset + length - 1)], as: UTF8.self)
            offset += length - 1
            return text
        }

        mutating func double() throws -> Double? {
            guard offset < bytes.count else { throw Truncated() }
            let flag = bytes[offset]
            offset += 1
            guard flag == 1 else { return nil }
            guard offset + 8 <= bytes.count else { throw Truncated() }
            var bits: UInt64 = 0
            for index in 0..<8 { bits |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
            offset += 8
            return Double(bitPattern: bits)
        }
    }
}
