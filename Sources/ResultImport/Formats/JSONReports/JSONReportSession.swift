import Foundation
import ResultModel
import ResultSupport

/// What the readers of JSON reports (Jest, Mocha, mochawesome, Playwright, RSpec, pytest-json-report, CTRF) share:
/// the sink, the tests written so far counted by the format's own outcome words (for ``DeclaredTotals``), and the
/// rule that a damaged document keeps every test before the damage.
final class JSONReportSession {
    let context: ImportContext
    let format: ImportFormat
    /// The run tests are written to (a reader of several configurations switches it).
    var runIndex: Int
    /// Tests written.
    private(set) var testCount = 0
    /// Tests written, by the outcome word the format uses for them (`passed`, `failed`, `pending`...).
    private(set) var wordCounts: [String: Int] = [:]
    /// Problems noticed, with places.
    var diagnostics: [Diagnostic] = []
    /// The buffer a passed test is written from.
    private var passedBytes = PassedTestBytes()

    init(_ context: ImportContext, format: ImportFormat) {
        self.context = context
        self.format = format
        runIndex = context.runIndex
    }

    var fileName: String { context.fileName }

    /// Writes a test, counted under the format's `word` for its outcome.
    func add(_ test: consuming TestRecord, word: String) throws {
        test.runIndex = runIndex
        try context.sink.addTest(test)
        testCount += 1
        wordCounts[word, default: 0] += 1
    }

    /// Writes a test that passed on its only attempt with nothing to say but its start and duration, from its
    /// bytes (``ResultSink/addPassedTest(_:)``): the same test as its record, without encoding one.
    func addPassed(_ identity: TestIdentity, start: Double?, duration: Double?, word: String) throws {
        try passedBytes.write(identity, runIndex: runIndex, start: start, duration: duration, to: context.sink)
        testCount += 1
        wordCounts[word, default: 0] += 1
    }

    /// How many tests were written under `word`; several words add up.
    func count(_ words: String...) -> Int { words.reduce(0) { $0 + (wordCounts[$1] ?? 0) } }

    /// Output as the bundle keeps it: inline when short, else a blob; `nil` when empty.
    func captured(_ text: String) throws -> CapturedOutput? {
        let trimmed = text.trimmingLineBreaks()
        guard !trimmed.isEmpty else { return nil }
        if trimmed.utf8.count <= 16 << 10 { return CapturedOutput(text: trimmed) }
        return CapturedOutput(blob: try context.sink.storeBlob(Data(trimmed.utf8)))
    }

    /// Adds the warning of `totals` (said by `what`) when the declared counts disagree with the tests read.
    func compare(_ totals: DeclaredTotals, _ what: String) {
        if let warning = totals.warning(what, file: fileName) { diagnostics.append(warning) }
    }

    /// Reads the input as a JSON report with `body`, and returns the outcome. Damage after the first test is an
    /// error diagnostic (the tests before it stay); damage before any test is thrown. `inspect` sees the whole
    /// document's bytes first, for a format that must know something of all of it before writing any test.
    func read(
        _ input: ImportInput, inspect: (([UInt8]) -> Void)? = nil, _ body: (inout JSONPullReader) throws -> Void
    ) throws -> ImportOutcome {
        let document = try JSONReportDocument(input, fileName: fileName)
        inspect?(document.bytes)
        do {
            try document.read(fileName: fileName) { reader in
                try body(&reader)
                guard reader.isAtEnd() else { throw reader.failure("text follows the end of the report") }
            }
        } catch let error as ImportError {
            guard testCount > 0 else { throw error }
            diagnostics.append(
                Diagnostic(
                    severity: .error,
                    message: error.message + (error.column.map { " (column \($0))" } ?? "")
                        + "; the \(Counted.noun(testCount, "test")) before it were imported",
                    file: fileName, line: error.line, byteOffset: error.byteOffset))
        }
        return ImportOutcome(format: format, testCount: testCount, diagnostics: diagnostics)
    }
}

extension JSONValue {
    /// The whole numbers among this object's members named `words` (a report's declared totals), by name.
    func counts(_ words: [String]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for word in words { counts[word] = self[word]?.int }
        return counts
    }
}
