/// Each test's share of its run's wall clock: while *n* tests run at once, each is charged 1/*n* of every second,
/// so the shares of a run add up to its wall clock, and a test's share is what it costs the run however many tests
/// ran beside it.
///
/// A test's duration in a parallel run mostly measures what ran beside it: 160 swift-log tests that start
/// together each take 0.22 s of a 0.43 s run, and 0.12 s in the next run of the same code. Their shares (about
/// 0.002 s) do not change, while a test that takes a second longer than before adds about a second to its share.
/// `compare` judges duration changes by shares, and `shard` balances shards by them.
///
/// Tests are added with the start and duration of their final attempt. Those that share one start are taken to
/// have run one after another, as ``ElapsedTestTime`` does. Tests without a start are charged their duration over
/// the run's concurrency: the part of the wall clock the placed tests do not cover, spread over them in proportion
/// to their durations (without a wall clock, their duration).
public struct WallClockShares: Sendable {
    private var placed: [(start: Double, duration: Double, slot: Int)] = []
    private var unplaced: [(duration: Double, slot: Int)] = []
    /// Whether `placed` is in order of start (tests run one after another arrive so, and need no sort).
    private var isSorted = true
    /// How many tests were added.
    public private(set) var count = 0

    /// Creates an empty set.
    public init() {}

    /// Adds a test; its share is the ``shares(wallClock:)`` element at the position of this call.
    public mutating func add(start: Double?, duration: Double?) {
        defer { count += 1 }
        guard let duration, duration.isFinite else { return }
        let length = max(0, duration)
        if let start, start.isFinite {
            if let last = placed.last, start < last.start { isSorted = false }
            placed.append((start, length, count))
        } else {
            unplaced.append((length, count))
        }
    }

    /// Each test's share in seconds, in the order added; `nil` for a test added without a duration.
    /// - Complexity: O(*n* log *n*).
    public func shares(wallClock: Double?) -> [Double?] {
        var result = [Double?](repeating: nil, count: count)
        let covered = sharePlaced(into: &result)
        let unplacedSum = unplaced.reduce(0) { $0 + $1.duration }
        var factor = 1.0
        if let wallClock, wallClock.isFinite, unplacedSum > 0 {
            factor = min(1, max(0, wallClock - covered) / unplacedSum)
        }
        for test in unplaced { result[test.slot] = test.duration * factor }
        return result
    }

    /// Shares the placed tests' time and returns the span they cover.
    private func sharePlaced(into result: inout [Double?]) -> Double {
        guard !placed.isEmpty else { return 0 }
        let ordered =
            isSorted ? placed : placed.sorted { $0.start != $1.start ? $0.start < $1.start : $0.slot < $1.slot }
        // Tests that share a start ran one after another: lay them end to end. When no two laid tests overlap
        // (a serial run, the usual case), each test's share is its duration and no sweep is needed.
        var laid: [(begin: Double, end: Double, slot: Int)] = []
        laid.reserveCapacity(ordered.count)
        var reach = -Double.infinity
        var overlaps = false
        var index = 0
        while index < ordered.count {
            let start = ordered[index].start
            var offset = 0.0
            while index < ordered.count && ordered[index].start == start {
                let begin = start + offset
                offset += ordered[index].duration
                if begin < reach - 1e-9 { overlaps = true }
                reach = max(reach, start + offset)
                laid.append((begin, start + offset, ordered[index].slot))
                index += 1
            }
        }
        guard overlaps else {
            var covered = 0.0
            for test in laid {
                result[test.slot] = test.end - test.begin
                covered += test.end - test.begin
            }
            return covered
        }
        return sweep(laid, into: &result)
    }

    /// Shares overlapping tests' time: `charged` is the integral of 1/n over time so far, n the tests running, and
    /// a test's share is its value at the test's end minus its value at the test's start.
    private func sweep(_ laid: [(begin: Double, end: Double, slot: Int)], into result: inout [Double?]) -> Double {
        var events: [(time: Double, isEnd: Bool, slot: Int)] = []
        events.reserveCapacity(laid.count * 2)
        for test in laid {
            events.append((test.begin, false, test.slot))
            events.append((test.end, true, test.slot))
        }
        // At one instant starts come first, so a test that takes no time starts before it ends.
        events.sort { $0.time != $1.time ? $0.time < $1.time : !$0.isEnd && $1.isEnd }
        var charged = 0.0
        var covered = 0.0
        var running = 0
        var previous = events[0].time
        for event in events {
            if running > 0 {
                charged += (event.time - previous) / Double(running)
                covered += event.time - previous
            }
            previous = event.time
            if event.isEnd {
                result[event.slot] = charged - (result[event.slot] ?? 0)
                running -= 1
            } else {
                result[event.slot] = charged
                running += 1
            }
        }
        return covered
    }
}
