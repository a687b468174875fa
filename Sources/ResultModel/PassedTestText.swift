/// A test that passed on its only attempt with nothing recorded but its start and duration, given as the bytes of its
/// module, suites and name: the shape of most tests in console logs, JUnit files and test streams.
///
/// Importers hand such tests to ``ResultSink/addPassedTest(_:)`` straight from their input's bytes, without
/// building a ``TestRecord`` (a dozen allocated fields, and as many releases later). The bytes are borrowed: they
/// are valid only during the call that receives them.
public struct PassedTestText {
    /// Which run of the bundle the test belongs to.
    public var runIndex: Int
    /// The module's bytes (UTF-8), if the test has a module.
    public var module: UnsafeBufferPointer<UInt8>?
    /// The innermost suite's bytes (UTF-8), if the test has a suite.
    public var suite: UnsafeBufferPointer<UInt8>?
    /// The suites around ``suite``, outermost first, when there are more (a libtest test `a::b::c` is `c` in suite
    /// `b` inside `a`); empty for a test of one suite or none. A test with outer suites has a ``suite``.
    public var outerSuites: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>
    /// The name's bytes (UTF-8).
    public var name: UnsafeBufferPointer<UInt8>
    /// When the test started, when known.
    public var start: Double?
    /// How long the test took, when known.
    public var duration: Double?

    /// Creates the text of a passed test.
    public init(
        runIndex: Int, module: UnsafeBufferPointer<UInt8>? = nil,
        outerSuites: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>> = UnsafeBufferPointer(start: nil, count: 0),
        suite: UnsafeBufferPointer<UInt8>?, name: UnsafeBufferPointer<UInt8>, start: Double? = nil, duration: Double?
    ) {
        precondition(outerSuites.isEmpty || suite != nil, "a test with outer suites has a suite")
        self.runIndex = runIndex
        self.module = module
        self.outerSuites = outerSuites
        self.suite = suite
        self.name = name
        self.start = start
        self.duration = duration
    }

    /// The identity these bytes spell.
    public var identity: TestIdentity {
        TestIdentity(
            module: module.map { String(decoding: $0, as: UTF8.self) },
            suites: (outerSuites + (suite.map { [$0] } ?? [])).map { String(decoding: $0, as: UTF8.self) },
            name: String(decoding: name, as: UTF8.self))
    }

    /// The record this test is: what a sink without a faster way stores.
    public var record: TestRecord {
        TestRecord(
            runIndex: runIndex, identity: identity, status: .passed,
            attempts: [TestAttempt(status: .passed, start: start, duration: duration)])
    }
}
