import ResultImport

/// Reading a JSON coverage report with ResultImport's pull reader: the document is read whole (JSON reports are
/// one document), then walked value by value, so only one file's entry is materialised at a time.
enum JSONDocument {
    /// Reads `input` whole and hands a pull reader over it to `body`; a JSON error becomes a ``CoverageError``
    /// with line, column and byte offset.
    static func read(
        _ input: ImportInput, _ context: CoverageInputContext, _ body: (inout JSONPullReader) throws -> Void
    ) throws {
        let bytes = try input.readAll(fileName: context.fileName)
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONPullReader(buffer)
            do {
                try body(&reader)
                guard reader.isAtEnd() else { throw reader.failure("more follows the end of the document") }
            } catch let error as JSONReadError {
                throw CoverageError(
                    .malformed, error.message, file: context.fileName, line: error.line, column: error.column,
                    byteOffset: Int64(error.byteOffset))
            }
        }
    }

    /// A whole number from a JSON value: a count (saturating; negative and non-numbers as ``HitCount/Parsed``).
    static func count(_ value: JSONValue?) -> HitCount.Parsed {
        switch value {
        case .number(let text)?: HitCount.parse(Array(text.utf8))
        case .bool(let flag)?: .count(flag ? 1 : 0)
        default: .invalid
        }
    }

    /// A line or column number: an `Int` when the value is a whole number; `Int.max` for a larger one, which the
    /// context refuses as out of range; `nil` for anything else.
    static func integer(_ value: JSONValue?) -> Int? {
        guard let value else { return nil }
        if let exact = value.int { return exact }
        guard case .number(let text) = value, let double = Double(text), double.rounded() == double else { return nil }
        return double > 0 ? Int.max : Int.min
    }
}
