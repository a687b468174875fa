import ResultModel

/// Compares two runs test by test (``Comparison``). Tests are matched by their id, parameterized cases by their
/// arguments too, and, when both bundles hold several configurations, by configuration (the run's name); a bundle
/// of one run matches another of one run whatever their names.
public struct RunComparer: Sendable {
    /// The duration thresholds of "slower" and "faster".
    public var thresholds: Comparison.Thresholds
    /// A test's own duration spread in seconds, by key (from a history, `compare --history`): a test with one
    /// counts as slower or faster only when the change also exceeds ``Comparison/Thresholds/spreadFactor`` times
    /// it, so a test that always varies a lot is not reported for varying. Asked only about tests whose change
    /// exceeds the fixed thresholds. Changes are judged by each test's share of its run's wall clock
    /// (``DurationJudgement``), so tests running in parallel are not reported for what ran beside them.
    public var spread: @Sendable (String) -> Double?

    /// A comparer with `thresholds` and `spread`.
    public init(
        thresholds: Comparison.Thresholds = .init(), spread: @escaping @Sendable (String) -> Double? = { _ in nil }
    ) {
        self.thresholds = thresholds
        self.spread = spread
    }

    /// Compares `base` with `head`.
    public func compare(base: RunDigest, head: RunDigest) -> Comparison {
        var placed = PlacedBuckets()
        collect(
            base: base, head: head, basePlaces: Array(base.tests.indices), headPlaces: Array(head.tests.indices),
            into: &placed)
        return finish(
            placed, baseTests: base.count, headTests: head.count,
            causes: CauseComparison(base: base, head: head))
    }

    /// Puts the tests of `head` and `base` into buckets, each entry at its test's place in its whole run
    /// (`headPlaces`, or `basePlaces` for removed tests, by position in ``RunDigest/tests``): the runs may be parts
    /// of larger ones (``SpilledComparer``), whose tests' counterparts are in the same part.
    func collect(
        base: RunDigest, head: RunDigest, basePlaces: [Int], headPlaces: [Int], into placed: inout PlacedBuckets
    ) {
        let durations = DurationJudgement(thresholds: thresholds)
        // Tests one side recorded without their module (docs/COMPARE.md, "Matching").
        let counterparts = RunDigest.moduleLessMatches(base: base, head: head)
        for (position, current) in head.tests.enumerated() {
            let place = headPlaces[position]
            let previous = base.matching(current) ?? counterparts[position].map { base.tests[$0] }
            let entry = Self.entry(base: previous, head: current)
            guard let previous else {
                placed.append(entry, to: \.newTests, at: place)
                if current.status.isFailure { placed.append(entry, to: \.newFailures, at: place) }
                if current.isFlaky { placed.append(entry, to: \.flaky, at: place) }
                continue
            }
            switch (previous.status.isFailure, current.status.isFailure) {
            case (false, true): placed.append(entry, to: \.newFailures, at: place)
            case (true, true): placed.append(entry, to: \.stillFailing, at: place)
            case (true, false) where current.status.isPass: placed.append(entry, to: \.fixed, at: place)
            default: break
            }
            if current.status == .skipped && previous.status != .skipped {
                placed.append(entry, to: \.newlySkipped, at: place)
            }
            if current.isFlaky { placed.append(entry, to: \.flaky, at: place) }
            if let judged = durations.judge(entry, base: previous, head: current, spread: spread) {
                placed.append(judged.entry, to: judged.slower ? \.slower : \.faster, at: place)
            }
            for measurement in current.measurements {
                guard let old = previous.measurements.first(where: { $0.metric == measurement.metric }),
                    let change = Self.measurementChange(old: old, new: measurement, entry: entry)
                else { continue }
                placed.append(change, to: \.measurementChanges, at: place)
            }
        }
        let matchedBase = Set(counterparts.values)
        for (position, previous) in base.tests.enumerated()
        where head.matching(previous) == nil && !matchedBase.contains(position) {
            placed.append(Self.entry(base: previous, head: nil), to: \.removedTests, at: basePlaces[position])
        }
    }

    /// The comparison of what ``collect(base:head:basePlaces:headPlaces:into:)`` put into `placed`: each bucket in
    /// its tests' order, slower and faster tests by their change.
    func finish(
        _ placed: PlacedBuckets, baseTests: TestCount, headTests: TestCount, causes: CauseComparison
    ) -> Comparison {
        var (buckets, omitted) = placed.buckets()
        buckets.slower.sort { DurationJudgement.change(of: $0) > DurationJudgement.change(of: $1) }
        buckets.faster.sort { DurationJudgement.change(of: $0) < DurationJudgement.change(of: $1) }
        var comparison = Comparison(
            baseCount: baseTests.tests, headCount: headTests.tests, baseTests: baseTests, headTests: headTests,
            thresholds: thresholds, buckets: buckets, causes: causes)
        comparison.omitted = omitted
        placed.spilled?.sort()
        comparison.spilledEntries = placed.spilled
        return comparison
    }

    static func entry(base: TestDigest?, head: TestDigest?) -> Comparison.Entry {
        let either = head ?? base!
        var change: Double?
        if let before = base?.duration, let after = head?.duration { change = after - before }
        return Comparison.Entry(
            key: either.key, test: either.test, arguments: either.arguments, configuration: either.configuration,
            baseStatus: base?.status, headStatus: head?.status, baseDuration: base?.duration,
            headDuration: head?.duration, durationChange: change,
            message: head?.status.isFailure == true ? head?.message : base?.message)
    }

    /// A measurement whose average changed by more than its thresholds (both, as XCTest judges), either way.
    static func measurementChange(
        old: TestDigest.MeasurementDigest, new: TestDigest.MeasurementDigest, entry: Comparison.Entry
    ) -> Comparison.Entry? {
        guard old.average.isFinite, new.average.isFinite, old.average != 0 else { return nil }
        let worse = new.largerIsBetter ? old.average - new.average : new.average - old.average
        let percent = worse / abs(old.average) * 100
        guard abs(percent) > new.maxPercentRegression, abs(worse) > new.maxRegression else { return nil }
        var result = entry
        result.metric = new.name.isEmpty ? new.metric : "\(new.name) (\(new.unit))"
        result.baseAverage = old.average
        result.headAverage = new.average
        result.percentWorse = percent
        return result
    }
}
