import Foundation
import ResultModel

extension JUnitExporter {
    /// Reads `source` once: writes each test's `<testcase>` into the spool and counts it in its suite.
    func collect(
        _ source: any ResultSource, into writer: XMLStreamWriter, spool: TestCaseSpool, xmlFolder: URL,
        _ summary: inout JUnitExportSummary
    ) throws -> CollectedSource {
        let attachments = try options.attachmentsDirectory.map {
            try AttachmentExporter(directory: $0, relativeTo: xmlFolder, source: source)
        }
        let caseWriter = TestCaseWriter(
            flavor: options.flavor, systemOut: SystemOutText(source: source, attachments: attachments))
        var table = SuiteTable()
        var current: SpooledSuite?
        var stretchStart: Int64 = 0
        var counts = summary
        try source.forEachTest { test in
            let suite = table.suite(for: test)
            if suite !== current {
                try writer.flush()
                current?.ranges.append(stretchStart..<spool.count)
                current = suite
                stretchStart = spool.count
            }
            let outcome = JUnitOutcome(test)
            try caseWriter.write(test, outcome: outcome, className: suite.className, to: writer)
            suite.count(test, as: outcome)
            counts.testCases += 1
            switch outcome {
            case .failure, .error: counts.failures += 1
            case .skipped: counts.skipped += 1
            case .passed: break
            }
        }
        try writer.flush()
        current?.ranges.append(stretchStart..<spool.count)
        counts.attachments += attachments?.count ?? 0
        summary = counts
        let runs = Dictionary(source.runs.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        return CollectedSource(suites: table.suites, runs: runs)
    }
}

extension XMLStreamWriter {
    /// Prepares a writer whose bytes go to the spool: starts a document (so that, as in the final document,
    /// libxml2 writes non-ASCII characters in attributes as UTF-8 rather than as character references), opens
    /// `depth` placeholder elements and writes one empty element inside them, then flushes. The `<testcase>`
    /// elements written next are indented as they will be in the document, and each is complete (from its
    /// indentation to its line break) in the bytes after this point. Nothing before it is ever copied.
    func startTestCases(atDepth depth: Int) throws {
        try startDocument()
        for _ in 0..<depth { try start("placeholder") }
        try start("placeholder")
        try end()
        try flush()
    }
}
