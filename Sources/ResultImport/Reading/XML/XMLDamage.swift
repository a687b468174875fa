import ResultModel

/// What a results document read through ``XMLStreamReader`` says when it breaks: a file cut off inside an element
/// says so, and damage after the first test is a diagnostic of severity `error` that keeps the tests before it.
enum XMLDamage {
    /// `error`, said as a cut-off file when every byte was read and the document ended inside `openElement`.
    static func described(_ error: ImportError, reader: XMLStreamReader, openElement: String?) -> ImportError {
        guard reader.isAtEndOfInput(error), let openElement, !error.message.contains("the file is cut off") else {
            return error
        }
        return ImportError(
            .malformed, "the XML ends inside \(openElement) (the file is cut off)", file: error.file,
            line: error.line, column: error.column)
    }

    /// The diagnostic of damage after `testCount` tests were written; throws `error` itself when none were.
    static func diagnostic(_ error: ImportError, testCount: Int) throws -> Diagnostic {
        if testCount == 0 { throw error }
        return Diagnostic(
            severity: .error,
            message: error.message + (error.column.map { " (column \($0))" } ?? "")
                + "; the tests before it were imported", file: error.file, line: error.line)
    }
}
