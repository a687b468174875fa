import CLibXML2
import Foundation
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
        var xmlEnd: Int? = nil
        /// The test itself, when the exporter must write it (boxed: cases are copied as the array grows, and most
        /// have none).
        var deferred: DeferredTest?
    }

    var xml: [UInt8] = []
    var cases: [Case] = []

    /// Writes the tests of `batch` as the exporter of `flavor` would, with `<testcase>` elements at `depth`; a
    /// passed test handed over as text (``ResultModel/PassedTestInSuite``) is written from it, in the suite of the
    /// test before it.
    static func write(
        _ batch: any TestBatch, flavor: JUnitFlavor, depth: Int, places: SourcePlaces
    ) throws -> TestCaseChunk {
        // A test line is about 150 bytes, and its `<testcase>` is shorter unless it has output to show.
        // (Reserved up to 64 Ki tests and 8 MiB: a batch of a few huge records must not reserve for many.)
        let hint = batch.byteCountHint
        var builder = try Builder(
            flavor: flavor, depth: depth, places: places,
            expectedCount: hint > 0 ? min(hint / 128, 1 << 16) : 512, expectedBytes: min(hint, 8 << 20))
        try batch.forEachTest({ try builder.add($0) }, passedInSameSuite: { try builder.addPlain($0) })
        return try builder.finish()
    }

    /// Writes tests one by one into a chunk.
    private struct Builder {
        let sink = MemoryXMLSink()
        let writer: XMLStreamWriter
        let caseWriter: TestCaseWriter
        var chunk = TestCaseChunk()
        let className = ClassNameCache()
        var suite: SuiteKey?
        var stretchIsOpen = false

        init(flavor: JUnitFlavor, depth: Int, places: SourcePlaces, expectedCount: Int, expectedBytes: Int) throws {
            writer = try XMLStreamWriter(into: sink, place: "the test cases being collected")
            try writer.startTestCases(atDepth: depth)
            sink.bytes.removeAll(keepingCapacity: true)
            sink.bytes.reserveCapacity(expectedBytes)
            var systemOut = SystemOutText(source: nil, attachments: nil)
            systemOut.places = places
            caseWriter = TestCaseWriter(flavor: flavor, systemOut: systemOut)
            chunk.cases.reserveCapacity(expectedCount)
        }

        /// Ends the stretch of cases written since the last one ended: its bytes end after the last case appended.
        private mutating func endStretch() throws {
            try writer.flush()
            chunk.cases[chunk.cases.count - 1].xmlEnd = sink.bytes.count
            stretchIsOpen = false
        }

        /// Writes `test`, or keeps it for the exporter when its `system-out` reads the source. A case names its
        /// suite only when it differs from the previous case's.
        mutating func add(_ test: consuming TestRecord) throws {
            let outcome = JUnitOutcome(test)
            let startsSuite = !(suite?.contains(test) ?? false)
            if startsSuite { suite = SuiteKey(test) }
            let tally = CaseTally(test, outcome: outcome, suite: startsSuite ? suite : nil)
            let className = className.cString(for: test)
            let deferred = SystemOutText.readsSource(test)
            if stretchIsOpen && (startsSuite || deferred) { try endStretch() }
            if deferred {
                chunk.cases.append(Case(tally: tally, deferred: DeferredTest(test)))
                return
            }
            try caseWriter.write(test, outcome: outcome, className: className, to: writer)
            chunk.cases.append(Case(tally: tally))
            stretchIsOpen = true
        }

        /// Writes a plain passed test of the same suite as the test added before it.
        mutating func addPlain(_ test: PassedTestInSuite) throws {
            try withUnsafeTemporaryAllocation(of: CChar.self, capacity: test.name.count + 1) { name in
                let base = name.baseAddress!
                if !test.name.isEmpty { memcpy(base, test.name.baseAddress!, test.name.count) }
                base[test.name.count] = 0
                try caseWriter.writePassed(
                    name: base, className: className.current, duration: test.duration, to: writer)
            }
            chunk.cases.append(
                Case(tally: CaseTally(outcome: .passed, duration: test.duration, start: test.start, suite: nil)))
            stretchIsOpen = true
        }

        mutating func finish() throws -> TestCaseChunk {
            if stretchIsOpen { try endStretch() }
            chunk.xml = sink.bytes
            return chunk
        }
    }
}

/// A test the exporter writes itself.
final class DeferredTest: Sendable {
    let test: TestRecord

    init(_ test: TestRecord) { self.test = test }
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

    /// Whether `test` has this run, module and suites.
    func contains(_ test: borrowing TestRecord) -> Bool {
        runIndex == test.runIndex && module == test.identity.module && suites == test.identity.suites
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

    /// A test of one attempt.
    init(outcome: JUnitOutcome, duration: Double?, start: Double?, suite: SuiteKey?) {
        self.suite = suite
        self.outcome = outcome
        self.duration = duration
        self.start = start
        isFlaky = false
    }
}

/// The clean, NUL-terminated `classname` of the tests of a chunk, built again only when the suite changes (owned
/// as a pointer, as ``SpooledSuite/className`` is, so that writing a test needs no closure).
private final class ClassNameCache {
    private var module: String?
    private var suites: [String]?
    private var pointer: UnsafeMutablePointer<CChar>?

    deinit { pointer?.deallocate() }

    /// The class name of the test last asked for.
    var current: UnsafePointer<CChar> {
        guard let pointer else { preconditionFailure("a plain test follows a test of the same suite") }
        return UnsafePointer(pointer)
    }

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
