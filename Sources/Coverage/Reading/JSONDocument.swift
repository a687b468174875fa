import ResultImport

/// Reading a JSON coverage report with ResultImport's `JSONReportDocument`: the document is read whole (JSON reports
/// are one document), then walked value by value with its pull reader, so only one file's entry (or one line's) is
/// materialised at a time.
enum JSONDocument {
    /// Reads `input` whole and hands a pull reader over it to `body`, which must read the one document; a JSON error
    /// is an `ImportError` with line, column and byte offset.
    static func read(
        _ input: ImportInput, _ context: CoverageInputContext, _ body: (inout JSONPullReader) throws -> Void
    ) throws {
        try JSONReportDocument(input, fileName: context.fileName).read(fileName: context.fileName) { reader in
            try body(&reader)
            guard reader.isAtEnd() else { throw reader.failure("more follows the end of the document") }
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
