import Foundation

/// The `<testcase>` elements of every suite as libxml2 wrote them, in the order written: in memory up to a
/// bound, and past it in a temporary file that has no name, so memory stays bounded whatever the bundle's size.
/// Suites find their elements again by byte ranges (``count`` before and after).
final class TestCaseSpool: XMLByteSink {
    /// How many bytes are kept in memory before they move to the file.
    let memoryLimit: Int
    /// Bytes written so far: the position of the next byte.
    private(set) var count: Int64 = 0
    private var memory: [UInt8] = []
    private var file: ScratchFile?
    private let directory: URL

    /// Creates an empty spool whose file, when it needs one, goes in `directory`.
    init(memoryLimit: Int = 32 << 20, directory: URL = FileManager.default.temporaryDirectory) {
        self.memoryLimit = max(1, memoryLimit)
        self.directory = directory
        // Address space only: pages are touched as bytes arrive, and the array never copies itself to grow.
        memory.reserveCapacity(self.memoryLimit + (64 << 10))
    }

    /// Whether bytes were moved to the file.
    var hasSpilled: Bool { file != nil }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        memory.append(contentsOf: bytes)
        count += Int64(bytes.count)
        if memory.count >= memoryLimit { try spill() }
    }

    /// Calls `body` with the bytes in `range`, in order, in one or more pieces valid only during each call.
    /// - Complexity: O(`range.count`).
    func forEachPiece(of range: Range<Int64>, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range outside the spool")
        let memoryStart = count - Int64(memory.count)
        var position = range.lowerBound
        if position < memoryStart, let file {
            var piece = [UInt8](repeating: 0, count: min(1 << 20, Int(min(range.upperBound, memoryStart) - position)))
            while position < min(range.upperBound, memoryStart) {
                let length = Int(min(Int64(piece.count), min(range.upperBound, memoryStart) - position))
                try piece.withUnsafeMutableBytes { buffer in
                    let slice = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<length])
                    try file.read(into: slice, at: position)
                    try body(UnsafeRawBufferPointer(slice))
                }
                position += Int64(length)
            }
        }
        guard position < range.upperBound else { return }
        let lower = Int(position - memoryStart)
        let upper = Int(range.upperBound - memoryStart)
        try memory.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[lower..<upper])) }
    }

    private func spill() throws {
        if file == nil { file = try ScratchFile(anonymousIn: directory) }
        try memory.withUnsafeBytes { try file!.append($0) }
        memory.removeAll(keepingCapacity: true)
    }
}
