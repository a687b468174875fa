/// How long a run's tests took by the clock, as opposed to the sum of their durations: swift-testing runs tests in
/// parallel, and 233 tests that each wait on a shared pool for 15 s of a 22 s run add up to an hour.
///
/// Each attempt is an interval from its start for its duration, and the result is the length of their union.
/// Attempts that share one start are taken to have run one after another (a JUnit suite's test cases carry the
/// suite's timestamp, and a console log's millisecond clock can give quick tests the same one), so they make one
/// interval as long as their durations together. An attempt without a start adds its duration.
public struct ElapsedTestTime: Sendable {
    private var placed: [(start: Double, duration: Double)] = []
    private var unplaced = 0.0
    /// Whether a test that ran had no start (a skipped test need not have one).
    private var ranUnplaced = false
    /// Whether `placed` is in order of start (tests run one after another arrive so, and need no sort).
    private var isSorted = true

    /// Creates an empty measure.
    public init() {}

    /// Adds every attempt of `test` (and of its cases, when the test's own attempts have no duration).
    public mutating func add(_ test: TestRecord) {
        let placed =
            test.attempts.contains { $0.start != nil }
            || test.cases.contains { $0.attempts.contains { $0.start != nil } }
        if !placed && test.status != .skipped { ranUnplaced = true }
        var found = false
        for attempt in test.attempts {
            if let duration = attempt.duration {
                add(start: attempt.start, duration: duration)
                found = true
            }
        }
        guard !found else { return }
        for testCase in test.cases {
            for attempt in testCase.attempts {
                if let duration = attempt.duration { add(start: attempt.start, duration: duration) }
            }
        }
    }

    /// Adds one attempt.
    public mutating func add(start: Double?, duration: Double) {
        guard duration.isFinite, duration > 0 else { return }
        if let start, start.isFinite {
            if let last = placed.last, start < last.start { isSorted = false }
            placed.append((start, duration))
        } else {
            unplaced += duration
            ranUnplaced = true
        }
    }

    /// Adds a test that ran with neither a start nor a duration (an XCTest test of `swift test --parallel`).
    public mutating func addUntimedTest() { ranUnplaced = true }

    /// Adds everything `other` measured.
    public mutating func add(_ other: ElapsedTestTime) {
        unplaced += other.unplaced
        ranUnplaced = ranUnplaced || other.ranUnplaced
        guard !other.placed.isEmpty else { return }
        if !other.isSorted || (placed.last.map { other.placed[0].start < $0.start } ?? false) { isSorted = false }
        placed += other.placed
    }

    /// The run's wall clock as its tests tell it: ``seconds`` when every test that ran had a start, else `nil`
    /// (the span of the others would leave its time out, and durations without starts only add up).
    public var wallClock: Double? { placed.isEmpty || ranUnplaced ? nil : seconds }

    /// The length of the union of the intervals, plus the durations without a start, in seconds.
    public var seconds: Double {
        let sorted = isSorted ? placed : placed.sorted { $0.start < $1.start }
        var total = unplaced
        var index = 0
        var covered: (start: Double, end: Double)?
        while index < sorted.count {
            // Attempts that share a start ran one after another.
            let start = sorted[index].start
            var length = 0.0
            while index < sorted.count && sorted[index].start == start {
                length += sorted[index].duration
                index += 1
            }
            let end = start + length
            if let current = covered, start <= current.end {
                covered = (current.start, max(current.end, end))
            } else {
                if let current = covered { total += current.end - current.start }
                covered = (start, end)
            }
        }
        if let current = covered { total += current.end - current.start }
        return total
    }
}
