import ResultModel
import ResultSupport

/// Every suite's totals (format 1.9), counted as the writer goes: at most ``capacity`` suites are held, and when
/// more wait, all of them are written as one suite totals frame per run and the table starts again, so that the
/// writer's memory stays flat however many suites a run has.
///
/// Suites mostly arrive whole (a runner finishes one before the next), so each suite usually lands in one frame.
/// Parallel runs interleave them: a suite may then continue after its first part was written. The collector
/// remembers a 64-bit hash of every suite written (8 bytes each: under a megabyte at 100,000 suites) to count
/// such continuations per run (``RunSuiteTotals/split``), which tells a reader whether it must sum parts.
struct SuiteTotalsCollector {
    /// The most suites held before they are written (tests set it small to exercise the frames).
    var capacity = SuiteTotalsLayout.suitesPerFrame
    private var places: [SuitePlace: Int] = [:]
    private var entries: [SuiteTotals] = []
    /// The entry the last test was counted in, and the bytes of its module and suites: most tests belong to the
    /// suite of the test before them, and a plain passed test is matched by its bytes without building names.
    private var lastEntry: Int?
    private var lastRunIndex = 0
    private var lastModule: [UInt8]?
    private var lastSuites: [[UInt8]] = []
    /// The entry the last test was counted in: kept when the others are written, since its suite's next test is
    /// most likely still to come.
    private var current: Int?
    private var writtenSuites: Set<UInt64> = []
    /// The bytes of the names held: long names fill the table sooner, so that it and each frame stay small.
    private var nameBytes = 0
    /// Each run's frames written so far, by run index.
    private(set) var written: [Int: RunSuiteTotals] = [:]

    /// Counts `test` in its suite.
    mutating func add(_ test: TestRecord) {
        let place = SuitePlace(of: test)
        let entry = self.entry(for: place)
        entries[entry].totals.add(test)
        lastEntry = nil
        current = entry
    }

    /// Counts a plain passed test, by ``ResultModel/ResultTotals/addPassed(duration:)``.
    mutating func addPassed(_ test: PassedTestText) {
        if let lastEntry, lastRunIndex == test.runIndex, Self.same(lastModule, test.module),
            Self.same(lastSuites, outer: test.outerSuites, innermost: test.suite)
        {
            entries[lastEntry].totals.addPassed(duration: test.duration)
            return
        }
        let suites = Array(test.outerSuites) + (test.suite.map { [$0] } ?? [])
        let place = SuitePlace(
            runIndex: test.runIndex, module: test.module.map { String(decoding: $0, as: UTF8.self) },
            suites: suites.map { String(decoding: $0, as: UTF8.self) })
        let entry = self.entry(for: place)
        entries[entry].totals.addPassed(duration: test.duration)
        (lastEntry, lastRunIndex) = (entry, test.runIndex)
        (lastModule, lastSuites) = (test.module.map(Array.init), suites.map(Array.init))
        current = entry
    }

    private static func same(_ kept: [UInt8]?, _ bytes: UnsafeBufferPointer<UInt8>?) -> Bool {
        switch (kept, bytes) {
        case (nil, nil): true
        case (let kept?, let bytes?): bytes.hasSameBytes(as: kept)
        default: false
        }
    }

    /// Whether `kept` holds the bytes of `outer` and then `innermost`, compared without building an array (this runs
    /// for nearly every test of an import).
    private static func same(
        _ kept: [[UInt8]], outer: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>,
        innermost: UnsafeBufferPointer<UInt8>?
    ) -> Bool {
        guard kept.count == outer.count + (innermost == nil ? 0 : 1) else { return false }
        for (position, suite) in outer.enumerated() where !suite.hasSameBytes(as: kept[position]) { return false }
        guard let innermost else { return true }
        return innermost.hasSameBytes(as: kept[kept.count - 1])
    }

    private mutating func entry(for place: SuitePlace) -> Int {
        if let known = places[place] { return known }
        places[place] = entries.count
        entries.append(SuiteTotals(place: place))
        nameBytes += Self.nameBytes(place)
        return entries.count - 1
    }

    private static func nameBytes(_ place: SuitePlace) -> Int {
        place.suites.reduce(place.module?.utf8.count ?? 0) { $0 + $1.utf8.count }
    }

    /// Whether more suites, or longer names, wait than the table holds.
    var isFull: Bool { entries.count >= capacity || nameBytes >= SuiteTotalsLayout.nameBytesPerFrame }

    /// Takes the waiting suites in frames: each run's, in ``ResultModel/SuitePlace`` order, in run order. With `keepingCurrent`,
    /// the suite of the last test stays (it is written later, whole when its tests arrive together).
    mutating func takePending(keepingCurrent: Bool) -> [(runIndex: Int, suites: [SuiteTotals])] {
        var kept: SuiteTotals?
        if keepingCurrent, let current, entries.count > 1 { kept = entries.remove(at: current) }
        let sorted = entries.map(Self.displayed).sorted { $0.place < $1.place }
        places = [:]
        entries = []
        lastEntry = nil
        current = nil
        nameBytes = 0
        if let kept {
            places[kept.place] = 0
            entries = [kept]
            current = 0
            nameBytes = Self.nameBytes(kept.place)
        }
        // One frame per run, or more when its names would make a frame over the bytes a frame holds.
        var frames: [(runIndex: Int, suites: [SuiteTotals])] = []
        var frameBytes = 0
        for suite in sorted {
            let bytes = Self.nameBytes(suite.place)
            if frames.last?.runIndex != suite.place.runIndex
                || frameBytes > 0 && frameBytes + bytes > SuiteTotalsLayout.nameBytesPerFrame
            {
                frames.append((suite.place.runIndex, []))
                frameBytes = 0
            }
            frames[frames.count - 1].suites.append(suite)
            frameBytes += bytes
        }
        return frames
    }

    /// `suite` with its names as display readers read them (cut at ``BundleLimits/display``'s string limit): a name
    /// over 1 MiB is stored cut, so the summary says the same from stored totals as from the tests it reads with that
    /// cut, and `verify` (which reads with it too) finds the suites it counts. Two names cut alike become one
    /// suite's parts, which readers sum.
    private static func displayed(_ suite: SuiteTotals) -> SuiteTotals {
        let limit = BundleLimits.display.maxDecodedStringBytes
        let place = suite.place
        guard (place.module?.utf8.count ?? 0) > limit || place.suites.contains(where: { $0.utf8.count > limit }) else {
            return suite
        }
        var shown = suite
        shown.place.module = place.module.map { TextCut.cut($0, to: limit) }
        shown.place.suites = place.suites.map { TextCut.cut($0, to: limit) }
        return shown
    }

    /// Notes that run `runIndex`'s frame of `suites` was written at `offset`.
    mutating func didWrite(runIndex: Int, _ suites: [SuiteTotals], at offset: Int64) {
        var directory = written[runIndex] ?? RunSuiteTotals(entries: 0, frames: [])
        directory.entries += suites.count
        directory.frames.append(offset)
        for suite in suites where !writtenSuites.insert(suite.place.stableHash).inserted { directory.split += 1 }
        written[runIndex] = directory
    }

}

extension BundleWriter {
    /// Writes the waiting suite totals, one frame per run.
    /// With `keepingCurrent`, the suite of the last test is kept back (the writer's table is full, not closing).
    func writeSuiteTotals(keepingCurrent: Bool) throws {
        for (runIndex, suites) in suiteTotals.takePending(keepingCurrent: keepingCurrent) {
            let payload = SuiteTotalsLayout.payload(runIndex: runIndex, suites)
            let compressed = try payload.withUnsafeBytes { try Compression.deflate($0) }
            try settle()
            let frameOffset = offset
            try writeFrame(.suiteTotals, compressed: true, payload: compressed, uncompressedLength: payload.count)
            suiteTotals.didWrite(runIndex: runIndex, suites, at: frameOffset)
        }
    }

    /// Each run's suite totals for the index: every run gets a directory (empty when it has no test).
    func suiteTotalsForIndex() -> [Int: RunSuiteTotals] {
        var directories = suiteTotals.written
        for run in index.runs where directories[run.index] == nil {
            directories[run.index] = RunSuiteTotals(entries: 0, frames: [])
        }
        return directories
    }
}
