/// ``WallClockShares`` worked out as digests arrive, for runs whose tests ran one at a time: each test's share is
/// known when it is added (its duration, laid end to end after the tests that share its start, computed as
/// ``WallClockShares`` computes it), except for tests without a start, whose share is their duration times a factor
/// known once the run is read. ``RunDigest`` computes the same shares with every test in memory; this keeps none.
///
/// A run whose tests arrive out of order of start, or overlap (a parallel run), needs every test at once: ``isSerial``
/// turns false and the shares it gives must not be used.
public struct SerialWallClockShares: Sendable {
    /// What a test's share is made of, before its run's factor is known.
    public enum Basis: Sendable, Hashable {
        /// No share (no duration).
        case none
        /// The share, final.
        case placed(Double)
        /// A test without a start: its duration, times its run's ``factor(runIndex:wallClock:)``.
        case unplaced(Double)
        /// A parameterized case: its test's share (placed or unplaced) times this part of it.
        indirect case part(of: Basis, ratio: Double)
    }

    private struct Run {
        var lastStart: Double?
        var offset = 0.0
        var reach = -Double.infinity
        var covered = 0.0
        var unplacedSum = 0.0
    }

    private var runs: [Int: Run] = [:]
    /// The last test (not a case) added, of any run, for the cases after it.
    private var owner: (test: String, basis: Basis, duration: Double?) = ("", .none, nil)
    /// Whether every run so far ran its tests one at a time, in order of start.
    public private(set) var isSerial = true

    /// Creates an empty set.
    public init() {}

    /// Adds `digest` (in the order ``RunDigest`` holds them) and returns its share's basis.
    public mutating func add(_ digest: TestDigest) -> Basis {
        guard digest.arguments == nil else {
            guard owner.test == digest.test, let whole = owner.duration, whole > 0, let part = digest.duration else {
                return .none
            }
            switch owner.basis {
            case .none, .part: return .none
            case .placed, .unplaced: return .part(of: owner.basis, ratio: min(1, part / whole))
            }
        }
        let basis = place(digest)
        owner = (digest.test, basis, digest.duration)
        return basis
    }

    private mutating func place(_ digest: TestDigest) -> Basis {
        var run = runs[digest.runIndex] ?? Run()
        defer { runs[digest.runIndex] = run }
        guard let duration = digest.duration, duration.isFinite else { return .none }
        let length = max(0, duration)
        guard let start = digest.start, start.isFinite else {
            run.unplacedSum += length
            return .unplaced(length)
        }
        if let last = run.lastStart, start < last { isSerial = false }
        if run.lastStart != start { run.offset = 0 }
        run.lastStart = start
        let begin = start + run.offset
        run.offset += length
        if begin < run.reach - 1e-9 { isSerial = false }
        run.reach = max(run.reach, start + run.offset)
        let share = (start + run.offset) - begin
        run.covered += share
        return .placed(share)
    }

    /// The factor of a run's tests without a start: the part of its wall clock the placed tests leave, over their
    /// durations, at most 1 (1 without a wall clock).
    public func factor(runIndex: Int, wallClock: Double?) -> Double {
        guard let run = runs[runIndex], let wallClock, wallClock.isFinite, run.unplacedSum > 0 else { return 1 }
        return min(1, max(0, wallClock - run.covered) / run.unplacedSum)
    }

    /// The share `basis` gives in a run with `factor`.
    public static func share(_ basis: Basis, factor: Double) -> Double? {
        switch basis {
        case .none: return nil
        case .placed(let share): return share
        case .unplaced(let duration): return duration * factor
        case .part(let owner, let ratio): return share(owner, factor: factor).map { $0 * ratio }
        }
    }
}
