import CLibXML2
import ResultModel

/// The `<testcase>` elements of a chunk of consecutive tests, written away from the exporter's thread (see
/// ``ResultModel/ResultSource/forEachTestChunk(_:_:)``), and what the exporter counts of each test.
///
/// Each chunk has its own libxml2 writer, set up as the exporter's is (``XMLStreamWriter/startTestCases(atDepth:)``),
/// so its bytes are exactly what the exporter's writer would have written. A test whose `system-out` reads a blob
/// or exports an attachment is not written here: the source and the attachment folder belong to the exporter's
/// thread, so such a test travels as ``Case/deferred`` and the exporter writes it in its place.
struct TestCaseChunk: Sendable {
    struct Case: Sendable {
        var tally: CaseTally
        /// Where the bytes of a stretch of cases of one suite end in ``xml``, on the stretch's last case (a
        /// stretch starts where the previous one ends); `nil` on the other cases and on deferred ones.
        var xmlEnd: Int?
        /// The test itself, when the exporter must write it.
        var deferred: TestRecord?
    }

    var xml: [UInt8] = []
    var cases: [Case] = []

    /// Writes `tests` as the exporter of `flavor` would, with `<testcase>` elements at `depth`.
    static func write(_ tests: [TestRecord], flavor: JUnitFlavor, depth: Int) throws -> TestCaseChunk {
        let sink = MemoryXMLSink()
        let writer = try XMLStreamWriter(into: sink, place: "the test cases being collected")
        try writer.startTestCases(atDepth: depth)
        sink.bytes.removeAll(keepingCapacity: true)
        let caseWriter = TestCaseWriter(flavor: flavor, systemOut: SystemOutText(source: nil, attachments: nil))
        var chunk = TestCaseChunk()
        chunk.cases.reserveCapacity(tests.count)
        let className = ClassNameCache()
        // Tests are read in place (`tests[index]`, never a copy), and a case names its suite only when it differs
        // from the previous case's: a copied test or name costs a retain and a release per field.
        try tests.withUnsafeBufferPointer { tests in
            for index in tests.indices {
                let outcome = JUnitOutcome(tests[index])
                let startsSuite = index == 0 || !tests[index].sharesSuite(with: tests[index - 1])
                let tally = CaseTally(tests[index], outcome: outcome, suite: startsSuite ? SuiteKey(tests[index]) : nil)
                if SystemOutText.readsSource(tests[index]) {
                    chunk.cases.append(Case(tally: tally, deferred: tests[index]))
                    continue
                }
                try caseWriter.write(
                    tests[index], outcome: outcome, className: className.cString(for: tests[index]), to: writer)
                var xmlEnd: Int?
                if index == tests.count - 1 || !tests[index + 1].sharesSuite(with: tests[index])
                    || SystemOutText.readsSource(tests[index + 1])
                {
                    try writer.flush()
                    xmlEnd = sink.bytes.count
                }
                chunk.cases.append(Case(tally: tally, xmlEnd: xmlEnd))
            }
        }
        chunk.xml = sink.bytes
        return chunk
    }
}

/// What places a test in its `<testsuite>`: its run, module and suites.
struct SuiteKey: Sendable {
    var runIndex: Int
    var module: String?
    var suites: [String]

    init(_ test: borrowing TestRecord) {
        runIndex = test.runIndex
        module = test.identity.module
        suites = test.identity.suites
    }
}

/// What a ``SpooledSuite`` counts of a test.
struct CaseTally: Sendable {
    /// The test's suite, when it differs from the previous test's in the chunk (always on the first test).
    var suite: SuiteKey?
    var outcome: JUnitOutcome
    var duration: Double?
    var start: Double?
    var isFlaky: Bool

    init(_ test: borrowing TestRecord, outcome: JUnitOutcome, suite: SuiteKey?) {
        self.suite = suite
        self.outcome = outcome
        duration = test.durationInPlace
        start = test.finalStart
        isFlaky = test.attempts.count > 1 && test.isFlaky
    }
}

extension TestRecord {
    /// Whether the test certainly belongs to the same `<testsuite>` as `other` (same run, module and suites).
    fileprivate func sharesSuite(with other: borrowing TestRecord) -> Bool {
        runIndex == other.runIndex && identity.module == other.identity.module
            && identity.suites == other.identity.suites
    }
}

/// The clean, NUL-terminated `classname` of the tests of a chunk, built again only when the suite changes (owned
/// as a pointer, as ``SpooledSuite/className`` is, so that writing a test needs no closure).
private final class ClassNameCache {
    private var module: String?
    private var suites: [String]?
    private var pointer: UnsafeMutablePointer<CChar>?

    deinit { pointer?.deallocate() }

    func cString(for test: borrowing TestRecord) -> UnsafePointer<CChar> {
        if let pointer, module == test.identity.module, suites == test.identity.suites { return UnsafePointer(pointer) }
        module = test.identity.module
        suites = test.identity.suites
        pointer?.deallocate()
        let bytes = XMLText.clean(JUnitNames.className(test.identity)).utf8CString
        let fresh = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        bytes.withUnsafeBufferPointer { fresh.initialize(from: $0.baseAddress!, count: bytes.count) }
        pointer = fresh
        return UnsafePointer(fresh)
    }
}

/// Bytes from an ``XMLStreamWriter``, kept in memory.
final class MemoryXMLSink: XMLByteSink {
    var bytes: [UInt8] = []

    func write(_ bytes: UnsafeRawBufferPointer) throws { self.bytes.append(contentsOf: bytes) }
}
