/// A JSON report read whole from an input, and where its document starts: runners print text before it (RSpec's
/// warnings, Jest's console output when it shares standard output), which is skipped, not an error.
public struct JSONReportDocument {
    /// The input's bytes.
    public let bytes: [UInt8]
    /// The offset of the line the document starts on.
    public let start: Int
    /// The 1-based line of the input the document starts on.
    public let firstLine: Int

    /// Reads `input` whole and finds the document: the first line whose first character opens an object.
    public init(_ input: ImportInput, fileName: String) throws {
        bytes = try input.readAll(fileName: fileName)
        (start, firstLine) = Self.documentStart(in: bytes)
    }

    /// Walks the document with a pull reader; a reading error is turned into an ``ImportError`` of `fileName`
    /// whose line and column are the input's, not the document's.
    public func read<Result>(fileName: String, _ body: (inout JSONPullReader) throws -> Result) throws -> Result {
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONPullReader(UnsafeBufferPointer(rebasing: buffer[start...]))
            do {
                return try body(&reader)
            } catch let error as JSONReadError {
                var placed = error.importError(file: fileName, firstLine: firstLine)
                placed.byteOffset = Int64(error.byteOffset + start)
                throw placed
            }
        }
    }

    /// The start of the first line that begins (after blanks) with `{` (every report read this way is an object;
    /// text before it such as `[WARN] ...` starts with other characters); the whole input when none does, so the
    /// reader's own error names what it found.
    private static func documentStart(in bytes: [UInt8]) -> (offset: Int, line: Int) {
        var lineStart = 0
        var line = 1
        var index = 0
        // Skip a UTF-8 byte-order mark.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            lineStart = 3
            index = 3
        }
        while index < bytes.count {
            var first = index
            while first < bytes.count, bytes[first] == 0x20 || bytes[first] == 0x09 || bytes[first] == 0x0D {
                first += 1
            }
            if first < bytes.count, bytes[first] == UInt8(ascii: "{") {
                return (lineStart, line)
            }
            guard let end = bytes[first...].firstIndex(of: 0x0A) else { break }
            index = end + 1
            lineStart = index
            line += 1
        }
        let initial = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return (initial, 1)
    }
}
