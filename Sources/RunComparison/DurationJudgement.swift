import ResultModel

/// Whether a passing test got slower or faster, judged by its share of the run's wall clock
/// (``TestDigest/wallShare``) rather than its raw duration.
///
/// In a run whose tests run in parallel, a test's duration mostly measures what ran beside it (swift-log's 164
/// tests each take 0.12 to 0.22 s of a 0.43 s run, whatever changed); its share is what it costs the run. When
/// tests run one at a time, the share is the duration, and the judgement is the plain one. A change counts when
/// it exceeds both thresholds (seconds and percent of BASE) and, with a history, the spread factor times the
/// test's own spread, which the history keeps as raw durations and is scaled here by HEAD's share of its duration.
/// The raw duration must have changed past the same thresholds, the same way: the share alone can move when the two
/// runs know their wall clocks differently (a sequential log's XCTest summary against `--parallel`'s none).
struct DurationJudgement {
    let thresholds: Comparison.Thresholds

    /// The entry with its shares (and spread) filled in, and whether it got slower, when it changed enough; else
    /// `nil`.
    func judge(
        _ entry: Comparison.Entry, base: TestDigest, head: TestDigest, spread: (String) -> Double?
    ) -> (entry: Comparison.Entry, slower: Bool)? {
        guard base.status.isPass, head.status.isPass, let baseDuration = base.duration, baseDuration >= 0,
            let headDuration = head.duration
        else { return nil }
        let before = base.wallShare ?? baseDuration
        let after = head.wallShare ?? headDuration
        let change = after - before
        let percent = before > 0 ? abs(change) / before * 100 : .infinity
        guard abs(change) > thresholds.seconds, percent > thresholds.percent else { return nil }
        // A test whose own work changed moves its duration the same way as its share. A share that moved while
        // the duration stayed (one run's wall clock known and the other's not, or split over other tests) is not
        // the test's doing.
        let durationChange = headDuration - baseDuration
        let durationPercent = baseDuration > 0 ? abs(durationChange) / baseDuration * 100 : .infinity
        guard abs(durationChange) > thresholds.seconds, durationPercent > thresholds.percent,
            (durationChange > 0) == (change > 0)
        else { return nil }
        var judged = entry
        if let ownSpread = spread(head.key) {
            let scale = headDuration > 0 ? min(1, after / headDuration) : 1
            judged.spread = ownSpread * scale
            guard abs(change) > thresholds.spreadFactor * ownSpread * scale else { return nil }
        }
        if Self.differs(before, baseDuration) || Self.differs(after, headDuration) {
            judged.baseWallShare = before
            judged.headWallShare = after
        }
        return (judged, change > 0)
    }

    /// The change a slower or faster entry was judged by: of its shares when they differ from its durations, else
    /// of its durations (what it added to, or saved of, the run's wall clock, by which the buckets are ordered).
    static func change(of entry: Comparison.Entry) -> Double {
        if let after = entry.headWallShare, let before = entry.baseWallShare { return after - before }
        return entry.durationChange ?? 0
    }

    /// Whether a share tells more than the duration it came from (the run was parallel).
    private static func differs(_ share: Double, _ duration: Double) -> Bool {
        abs(share - duration) > max(0.001, duration * 0.05)
    }
}
