import Foundation
import ResultModel

extension JUnitExporter {
    /// Reads `source` once: writes each test's `<testcase>` into the spool and counts it in its suite.
    ///
    /// The elements are written in chunks on background threads (``TestCaseChunk``) while this thread copies
    /// finished chunks into the spool in order; a test that needs the source or the attachment folder is written
    /// here, by `writer`, in its place. Tests come in the source's own batches (``ResultModel/TestBatch``), so a
    /// plain passed test that a bundle keeps as text is written from that text.
    func collect(
        _ source: any ResultSource, into writer: XMLStreamWriter, spool: TestCaseSpool, xmlFolder: URL,
        _ summary: inout JUnitExportSummary
    ) throws -> CollectedSource {
        let attachments = try options.attachmentsDirectory.map {
            try AttachmentExporter(
                directory: $0, writingInto: options.attachmentsWriteDirectory ?? $0, relativeTo: xmlFolder,
                source: source)
        }
        let places = SourcePlaces(source, explicitRoot: options.sourceRoot)
        var systemOut = SystemOutText(source: source, attachments: attachments)
        systemOut.places = places
        let caseWriter = TestCaseWriter(flavor: options.flavor, systemOut: systemOut)
        var state = CollectionState(counts: summary)
        let flavor = options.flavor
        let depth = testCaseDepth
        func take(_ chunk: TestCaseChunk) throws {
            try state.take(chunk, writer: writer, caseWriter: caseWriter, spool: spool)
        }
        try source.forEachTestBatch(
            { try TestCaseChunk.write($0, flavor: flavor, depth: depth, places: places) }, take)
        try state.finish(writer: writer, spool: spool)
        summary = state.counts
        summary.attachments += attachments?.count ?? 0
        let runs = Dictionary(source.runs.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        return CollectedSource(suites: state.table.suites, runs: runs, extras: try SuiteExtras.collect(from: source))
    }

    /// How deep `<testcase>` elements sit: in `<testsuite>`, itself in `<testsuites>` except for surefire.
    var testCaseDepth: Int { options.flavor == .surefire ? 1 : 2 }
}

/// What ``JUnitExporter/collect(_:into:spool:xmlFolder:_:)`` keeps while chunks of test cases arrive: the suites,
/// where the current suite's stretch of test cases began in the spool, and the counts.
private struct CollectionState {
    var table = SuiteTable()
    var counts: JUnitExportSummary
    private var current: SpooledSuite?
    private var stretchStart: Int64 = 0
    /// Whether the exporter's own writer holds bytes (of a test it wrote) that are not in the spool yet.
    private var writerHoldsBytes = false

    init(counts: JUnitExportSummary) { self.counts = counts }

    /// Copies the chunk's test cases into the spool in order (writing its deferred tests with `caseWriter`) and
    /// counts each in its suite.
    mutating func take(
        _ chunk: TestCaseChunk, writer: XMLStreamWriter, caseWriter: TestCaseWriter, spool: TestCaseSpool
    ) throws {
        var xmlStart = 0
        // Reads each case in place through a pointer: iterating the array would copy (retain) every case's names.
        try chunk.cases.withUnsafeBufferPointer { buffer in
            guard let cases = buffer.baseAddress else { return }
            for index in buffer.indices {
                // A case names its suite only when it differs from the previous case's (see `TestCaseChunk`).
                if let key = cases[index].tally.suite, case let next = table.suite(for: key), next !== current {
                    try endStretch(writer: writer, spool: spool)
                    current = next
                    stretchStart = spool.count
                }
                guard let suite = current else { preconditionFailure("a chunk's first case names its suite") }
                if let deferred = cases[index].deferred {
                    try caseWriter.write(
                        deferred.test, outcome: cases[index].tally.outcome, className: suite.className, to: writer)
                    writerHoldsBytes = true
                } else if let xmlEnd = cases[index].xmlEnd {
                    if writerHoldsBytes {
                        try writer.flush()
                        writerHoldsBytes = false
                    }
                    try chunk.xml.withUnsafeBytes {
                        try spool.write(UnsafeRawBufferPointer(rebasing: $0[xmlStart..<xmlEnd]))
                    }
                    xmlStart = xmlEnd
                }
                count(cases[index].tally, in: suite)
            }
        }
    }

    /// Ends the last suite's stretch after the last chunk.
    mutating func finish(writer: XMLStreamWriter, spool: TestCaseSpool) throws {
        try endStretch(writer: writer, spool: spool)
    }

    private mutating func endStretch(writer: XMLStreamWriter, spool: TestCaseSpool) throws {
        try writer.flush()
        writerHoldsBytes = false
        current?.ranges.append(stretchStart..<spool.count)
    }

    private mutating func count(_ test: CaseTally, in suite: SpooledSuite) {
        suite.count(test)
        counts.testCases += 1
        switch test.outcome {
        case .failure, .error: counts.failures += 1
        case .skipped: counts.skipped += 1
        case .passed: break
        }
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
