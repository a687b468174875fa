import ResultModel

/// Where the reading of one JUnit document stands (``JUnitImporter/run(prefix:descriptor:)`` feeds it the reader's
/// nodes): the suites and the test case open, the element whose text is being captured, the rerun being read, and
/// what was counted and noticed so far.
struct JUnitDocument {
    /// The longest text kept from one element.
    let textLimit: Int
    var suites: [JUnitImporter.SuiteState] = []
    var current: JUnitImporter.CaseState?
    var capture = JUnitImporter.Capture.none
    var text = ""
    var rerun: (element: JUnitElement, message: String?, type: String?, trace: String)?
    var sawRoot = false
    var rootOpen = false
    /// Whether pytest wrote the document (``JUnitProducer/isPytest(rootName:suiteName:)``): its `line` attributes
    /// count from 0.
    var isPytest = false
    var testCount = 0
    var diagnostics: [Diagnostic] = []

    init(textLimit: Int) { self.textLimit = textLimit }

    /// Adds captured text, up to ``textLimit``.
    mutating func appendText(_ value: String) {
        guard text.utf8.count < textLimit else { return }
        text += value
    }

    /// A suite's timestamp; one in no known form is left absent, with a warning (never replaced by "now").
    mutating func timestamp(_ text: String?, line: Int, fileName: String) -> Double? {
        guard let text, !text.trimmingWhitespace().isEmpty else { return nil }
        if let value = JUnitTimestamp.parse(text) { return value }
        diagnostics.append(
            Diagnostic(
                severity: .warning,
                message: "the timestamp \"\(text.prefix(80))\" is in no form this importer knows; the suite's "
                    + "start is left unknown", file: fileName, line: line))
        return nil
    }

    /// The element the document was still inside when it ended, if any.
    var openElement: String? {
        if let current { return "<testcase name=\"\(current.name)\">" }
        if let suite = suites.last { return "<testsuite name=\"\(suite.name)\">" }
        return rootOpen ? "<testsuites>" : nil
    }
}
