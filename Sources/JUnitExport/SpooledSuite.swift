import ResultModel

/// One `<testsuite>` being collected: its counts so far, and where its `<testcase>` elements lie in the
/// ``TestCaseSpool``. Its tests need not be consecutive in the bundle: each stretch of them is one range.
final class SpooledSuite {
    /// The suite's name: its tests' `classname`, or `tests` when that is empty.
    let name: String
    /// The run its tests belong to.
    let runIndex: Int
    /// Its tests' `classname`, cleaned for XML and NUL-terminated, written into every `<testcase>` (owned: a
    /// pointer rather than an array, so writing a test needs no closure that would copy the test).
    let className: UnsafeMutablePointer<CChar>
    private(set) var tests = 0
    private(set) var failures = 0
    private(set) var errors = 0
    private(set) var skipped = 0
    private(set) var flakes = 0
    /// How long its tests took by the clock (``ResultModel/ElapsedTestTime``), once they are all counted.
    var time: Double { elapsed.seconds }
    private(set) var elapsed = ElapsedTestTime()
    /// When its first test that knows its start began.
    private(set) var firstStart: Double?
    /// Where its `<testcase>` elements are in the spool, in order.
    var ranges: [Range<Int64>] = []

    init(className: String, runIndex: Int) {
        name = className.isEmpty ? "tests" : className
        self.runIndex = runIndex
        let bytes = XMLText.clean(className).utf8CString
        self.className = .allocate(capacity: bytes.count)
        self.className.initialize(from: Array(bytes), count: bytes.count)
    }

    deinit { className.deallocate() }

    /// Counts a test.
    func count(_ test: CaseTally) {
        tests += 1
        elapsed.add(start: test.start, duration: test.duration ?? 0)
        if firstStart == nil { firstStart = test.start }
        if test.isFlaky { flakes += 1 }
        switch test.outcome {
        case .failure: failures += 1
        case .error: errors += 1
        case .skipped: skipped += 1
        case .passed: break
        }
    }
}

extension ElapsedTestTime {
    /// How long the tests of `suites` took by the clock together.
    static func of(_ suites: [SpooledSuite]) -> ElapsedTestTime {
        suites.reduce(into: ElapsedTestTime()) { $0.add($1.elapsed) }
    }
}
