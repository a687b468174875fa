import Foundation
import ResultModel

/// Compares two runs of any size in flat memory: each run's digests are written to partitions on disk as they are
/// read (``DigestPartitions``), then the partitions of both runs are compared one pair at a time
/// (``RunComparer/collect(base:head:basePlaces:headPlaces:into:)``), each entry carrying its test's place in its
/// run so the buckets come out as ``RunComparer/compare(base:head:)`` orders them. The comparison is the same, byte
/// for byte once written.
///
/// Three kinds of run need every test at once, and are left to ``RunComparer/compare(base:head:)``: a run whose tests
/// ran in parallel or arrive out of order of start (their wall-clock shares, ``ResultModel/WallClockShares``), a
/// run holding a test twice (the later result takes the earlier one's place, which moves its share and its cause),
/// and a run with a test id of one component (``DigestPartitions/partition(of:)``).
public struct SpilledComparer {
    let layout: DigestPartitions.Layout
    /// The most entries a bucket keeps (``Comparison/omitted`` counts the rest); nil for all.
    let keep: Int?
    /// Whether every entry is also kept on disk for the JSON (``Comparison/spilledEntries``).
    let spillsJSON: Bool

    /// A comparer that splits each run into `partitions` partitions of `bufferBytes` in memory each (the rest on
    /// disk, in the system's temporary folder). Small values make a small run spill (tests). Each bucket ordered by
    /// its tests' places keeps its first `keep` entries (all without it): as many as the output shows.
    /// With `spillingJSON`, every entry of the buckets ordered by place is also kept in a scratch file, for
    /// ``ComparisonText/writeJSON(_:_:)``, while the buckets keep `keep`.
    public init(partitions: Int? = nil, bufferBytes: Int? = nil, keep: Int? = nil, spillingJSON: Bool = false) {
        self.keep = keep
        spillsJSON = spillingJSON
        let standard = DigestPartitions.Layout.standard
        layout = .init(count: partitions ?? standard.count, bufferBytes: bufferBytes ?? standard.bufferBytes)
    }

    /// Compares `base` with `head` by the thresholds and spreads of the comparer `judge` gives once both runs are
    /// read (a history may be read meanwhile); `nil` when either run needs every test in memory (above).
    public func compare(
        base: any ResultSource, head: any ResultSource, judge: () throws -> RunComparer
    ) throws -> Comparison? {
        try compare(opening: { base }, { head }, judge: judge)
    }

    /// ``compare(base:head:judge:)`` of the sources `base` and `head` open, each opened when it is read and let go
    /// once it is (a reader of ten million tests holds a few hundred megabytes it would keep while the other is
    /// read).
    public func compare(
        opening base: () throws -> any ResultSource, _ head: () throws -> any ResultSource,
        judge: () throws -> RunComparer
    ) throws -> Comparison? {
        var causes = CauseComparison.Builder()
        guard let baseRun = try SpilledRun(try base(), layout: layout, { causes.addBase($0) }),
            let headRun = try SpilledRun(try head(), layout: layout, { causes.addHead($0) })
        else { return nil }
        let comparer = try judge()
        var placed = PlacedBuckets(limit: keep, spillingJSON: spillsJSON)
        var counts = (
            base: TestCount(tests: 0, parameterized: 0, cases: 0), head: TestCount(tests: 0, parameterized: 0, cases: 0)
        )
        for partition in 0..<layout.count {
            guard let basePart = try baseRun.part(partition), let headPart = try headRun.part(partition) else {
                return nil
            }
            counts.base = counts.base.adding(basePart.digest.count)
            counts.head = counts.head.adding(headPart.digest.count)
            comparer.collect(
                base: basePart.digest, head: headPart.digest, basePlaces: basePart.places,
                headPlaces: headPart.places, into: &placed)
        }
        return comparer.finish(placed, baseTests: counts.base, headTests: counts.head, causes: causes.comparison)
    }
}

/// One run read into partitions, with its runs' wall-clock factors.
private struct SpilledRun {
    let partitions: DigestPartitions
    let factors: [Int: Double]

    /// Reads `source` into partitions, calling `each` with every digest in order; `nil` when its tests did not run
    /// one at a time in order of start.
    init?(_ source: any ResultSource, layout: DigestPartitions.Layout, _ each: (TestDigest) -> Void) throws {
        let partitions = DigestPartitions(layout: layout)
        var shares = SerialWallClockShares()
        var position = 0
        do {
            try RunDigest.readDigests(source) { digests in
                for digest in digests {
                    let basis = shares.add(digest)
                    guard shares.isSerial, DigestPartitions.isPartitionable(digest.test) else {
                        throw NeedsEveryTest()
                    }
                    try partitions.add(digest, position: position, basis: basis)
                    each(digest)
                    position += 1
                }
            }
        } catch is NeedsEveryTest {
            return nil
        }
        var factors: [Int: Double] = [:]
        for run in source.runs {
            factors[run.index] = shares.factor(runIndex: run.index, wallClock: run.end?.wallClock)
        }
        self.partitions = partitions
        self.factors = factors
    }

    /// The digests of `partition` with their places in the run; `nil` when it holds a test twice.
    func part(_ partition: Int) throws -> (digest: RunDigest, places: [Int])? {
        let bytes = try partitions.bytes(of: partition)
        var digests: [TestDigest] = []
        var places: [Int] = []
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let read = TestDigest.read(raw, at: &offset) { factors[$0] ?? 1 }
                digests.append(read.digest)
                places.append(read.position)
            }
        }
        let digest = RunDigest(digests: digests)
        return digest.tests.count == digests.count ? (digest, places) : nil
    }
}

/// Stops reading a run that needs every test in memory.
private struct NeedsEveryTest: Error {}
