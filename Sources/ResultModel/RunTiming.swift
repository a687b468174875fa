/// A run's time told two ways: by the clock, and summed over its tests.
///
/// swift-testing runs tests in parallel, so the durations of a 0.67 s run can add up to 58 s. Every output that
/// shows a run's time shows the wall clock, and the sum beside it, named as such, when the two differ.
public struct RunTiming: Sendable, Hashable {
    /// How long the tests took by the clock, in seconds, when known (``RunEnd/wallClock``, or the span the tests'
    /// own starts and durations cover).
    public var wallClock: Double?
    /// The sum of the tests' durations, in seconds.
    public var summed: Double

    /// Creates the timing of a run.
    public init(wallClock: Double?, summed: Double) {
        self.wallClock = wallClock
        self.summed = summed
    }

    /// How many tests ran at once on average: the summed durations over the wall clock, at least 1; `nil` without
    /// a wall clock or without any duration.
    public var concurrency: Double? {
        guard let wallClock, wallClock > 0, summed > 0 else { return nil }
        return max(1, summed / wallClock)
    }

    /// Whether the tests overlapped enough (more than 1.1 at a time on average) that their sum misleads.
    public var isParallel: Bool { (concurrency ?? 1) > 1.1 }

    /// Adds another run's timing: wall clocks add up (a bundle's runs are shown as if one after another), and an
    /// unknown one makes the total unknown.
    public mutating func add(_ other: RunTiming) {
        summed += other.summed
        wallClock = wallClock.flatMap { mine in other.wallClock.map { mine + $0 } }
    }

    /// `0.67 s wall clock, 58.04 s summed over tests running in parallel`; `0.67 s wall clock` when the tests ran
    /// one at a time; `58.04 s summed over tests` without a wall clock. `format` writes a number of seconds.
    public func phrase(_ format: (Double) -> String) -> String {
        guard let wallClock else { return "\(format(summed)) summed over tests" }
        guard isParallel else { return "\(format(wallClock)) wall clock" }
        return "\(format(wallClock)) wall clock, \(format(summed)) summed over tests running in parallel"
    }
}
