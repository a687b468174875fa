import Foundation
import ResultSupport

/// Reads a file descriptor in large chunks and hands over one line at a time, without its line break
/// (`\n`, or `\r\n`), with its 1-based number and the byte offset where it starts.
///
/// Memory stays bounded: a line longer than `maximumLineLength` is handed over in pieces of that length, each
/// flagged as truncated, so a hostile input of one endless line cannot exhaust memory. Bytes are handed over as
/// they are; invalid UTF-8 is the consumer's business.
public struct LineReader {
    /// One line as handed to the consumer.
    public struct Line {
        /// The line's bytes, valid only during the callback.
        public var bytes: UnsafeBufferPointer<UInt8>
        /// The 1-based line number.
        public var number: Int
        /// The offset of the line's first byte in the input.
        public var byteOffset: Int64
        /// Whether the line was longer than the maximum and this is a piece of it.
        public var isPiece: Bool
    }

    /// Lines longer than this are handed over in pieces (16 MiB by default).
    public var maximumLineLength: Int
    /// The size of each read.
    public var chunkSize: Int

    /// Creates a reader.
    public init(maximumLineLength: Int = 16 << 20, chunkSize: Int = 1 << 20) {
        self.maximumLineLength = max(1, maximumLineLength)
        self.chunkSize = max(1, chunkSize)
    }

    /// Reads `descriptor` to its end, calling `body` for each line.
    /// - Complexity: O(input) time; O(chunk size + maximum line length) memory.
    public func forEachLine(in descriptor: Int32, _ body: (Line) throws -> Void) throws {
        var splitter = LineSplitter(maximumLineLength: maximumLineLength)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        let file = POSIXFile(descriptor: descriptor, path: nil)
        while true {
            let count: Int
            do {
                count = try file.readSome(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<chunkSize]))
            } catch {
                throw ImportError.unreadable(error, file: nil)
            }
            if count == 0 { break }
            try splitter.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), body)
        }
        try splitter.finish(body)
    }

    /// Reads the file at `url` to its end, calling `body` for each line.
    public func forEachLine(inFile url: URL, _ body: (Line) throws -> Void) throws {
        let file: POSIXFile
        do {
            file = try POSIXFile.open(url.path, O_RDONLY)
        } catch {
            throw ImportError(.unreadable, "cannot open: \(error.reason)", file: url.path, underlying: error)
        }
        defer { try? file.close() }
        try forEachLine(in: file.descriptor, body)
    }
}

/// Splits a stream of chunks into lines; used by ``LineReader`` and by live recording.
public struct LineSplitter {
    private let maximumLineLength: Int
    private var pending: [UInt8] = []
    private var pendingIsContinuation = false
    private var lineNumber = 0
    private var offset: Int64 = 0
    private var lineStartOffset: Int64 = 0

    /// Creates a splitter.
    public init(maximumLineLength: Int = 16 << 20) {
        self.maximumLineLength = max(1, maximumLineLength)
    }

    /// Feeds the next chunk; calls `body` for each line it completes.
    public mutating func feed(_ chunk: UnsafeRawBufferPointer, _ body: (LineReader.Line) throws -> Void) throws {
        let bytes = chunk.bindMemory(to: UInt8.self)
        var start = 0
        let count = bytes.count
        while start < count {
            let newline = memchr(bytes.baseAddress! + start, 0x0A, count - start)
            guard let newline else {
                pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<count]))
                offset += Int64(count - start)
                while pending.count >= maximumLineLength { try emitPiece(body) }
                return
            }
            let end = UnsafePointer(newline.assumingMemoryBound(to: UInt8.self)) - bytes.baseAddress!
            if pending.isEmpty {
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                try emit(line, isPiece: pendingIsContinuation, body)
            } else {
                pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                try pending.withUnsafeBufferPointer { try emit($0, isPiece: pendingIsContinuation, body) }
                pending.removeAll(keepingCapacity: pending.capacity <= 1 << 20)
            }
            pendingIsContinuation = false
            offset += Int64(end - start + 1)
            lineStartOffset = offset
            start = end + 1
        }
    }

    /// Hands over the last line when the input did not end with a line break.
    public mutating func finish(_ body: (LineReader.Line) throws -> Void) throws {
        guard !pending.isEmpty else { return }
        try pending.withUnsafeBufferPointer { try emit($0, isPiece: pendingIsContinuation, body) }
        pending.removeAll()
    }

    private mutating func emitPiece(_ body: (LineReader.Line) throws -> Void) throws {
        try pending.withUnsafeBufferPointer {
            try emit(UnsafeBufferPointer(rebasing: $0[0..<maximumLineLength]), isPiece: true, body)
        }
        pending.removeFirst(maximumLineLength)
        lineStartOffset += Int64(maximumLineLength)
        pendingIsContinuation = true
        lineNumber -= 1  // the rest of the line keeps the same number
    }

    private mutating func emit(
        _ line: UnsafeBufferPointer<UInt8>,
        isPiece: Bool,
        _ body: (LineReader.Line) throws -> Void
    ) throws {
        lineNumber += 1
        var line = line
        if line.last == 0x0D { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
        try body(LineReader.Line(bytes: line, number: lineNumber, byteOffset: lineStartOffset, isPiece: isPiece))
    }
}
