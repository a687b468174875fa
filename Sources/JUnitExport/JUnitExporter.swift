import CLibXML2
import Foundation
import ResultModel

/// Writes JUnit XML from result sources through libxml2's writer, reading each source once.
///
/// Counts are attributes of `<testsuite>`, written before its children, so the `<testcase>` elements are
/// written first, by one libxml2 writer, into a ``TestCaseSpool`` (memory up to ``spoolMemoryLimit`` bytes, a
/// temporary file past it), while each suite is counted; then every suite is written with its counts and its
/// test cases copied from the spool. All tests of a run with the same `classname` form one `<testsuite>`, even
/// when they are not consecutive in the bundle; suites come in the order of their first test.
///
/// Retries: the xunit and surefire flavors write earlier failed attempts as `flakyFailure`/`flakyError` (the
/// test passed in the end) or `rerunFailure`/`rerunError` (it kept failing); the jenkins flavor, whose schema has
/// neither, writes the final attempt and describes the earlier ones in `system-out`.
public struct JUnitExporter {
    /// The options.
    public let options: JUnitExportOptions
    /// How many bytes of test cases are kept in memory before the rest goes to a temporary file.
    public var spoolMemoryLimit: Int

    /// Creates an exporter.
    public init(options: JUnitExportOptions, spoolMemoryLimit: Int = 32 << 20) {
        self.options = options
        self.spoolMemoryLimit = spoolMemoryLimit
    }

    /// Writes to `output`: a file for jenkins and xunit, a folder of `TEST-<suite>.xml` files for surefire.
    /// - Complexity: O(tests) in time; O(largest test + `spoolMemoryLimit` + suites) in memory.
    public func export(_ sources: [any ResultSource], to output: URL) throws -> JUnitExportSummary {
        var summary = JUnitExportSummary()
        let xmlFolder = options.flavor == .surefire ? output : output.deletingLastPathComponent()
        if options.flavor == .surefire {
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        }
        // Test cases are written on several threads; libxml2 must set up its globals first.
        xmlInitParser()
        let spool = TestCaseSpool(memoryLimit: spoolMemoryLimit)
        var collected: [CollectedSource] = []
        do {
            let writer = try XMLStreamWriter(into: spool, place: "the test cases being collected")
            try writer.startTestCases(atDepth: testCaseDepth)
            for source in sources {
                collected.append(try collect(source, into: writer, spool: spool, xmlFolder: xmlFolder, &summary))
            }
        }
        let documents = SuiteDocuments(flavor: options.flavor, spool: spool)
        if options.flavor == .surefire {
            summary.files = try documents.writeFiles(collected, into: output)
        } else {
            try documents.writeDocument(collected, to: output)
            summary.files = [output]
        }
        summary.suites = collected.reduce(0) { $0 + $1.suites.count }
        return summary
    }
}

/// The suites of one source, counted and spooled, and its runs.
struct CollectedSource {
    var suites: [SpooledSuite]
    var runs: [Int: RunResult]
    /// The properties and output of the source's suite records (``SuiteExtras``).
    var extras: [SuiteExtras] = []
}
