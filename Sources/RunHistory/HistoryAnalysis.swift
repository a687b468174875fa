import Foundation
import ResultSupport

/// What a history says about each test: its recent statuses, flips between passing and failing, the failing
/// streak and since when, and the flaky ranking.
public struct HistoryAnalysis: Sendable {
    /// One test's recent record.
    public struct TestRecord: Sendable, Hashable {
        public var key: String
        /// Statuses over the window, oldest first (absent where the test did not run).
        public var statuses: [HistoryStatus]
        /// Durations over the window, in seconds (nil where unknown or absent).
        public var durations: [Double?]
        /// Changes between passing and failing over the window (skips and absences are looked through).
        public var flips: Int
        /// Runs in the window where the test passed only on a retry.
        public var retriesPassed: Int
        /// Consecutive failing runs at the end (0 when it last passed).
        public var failingStreak: Int
        /// The run (index in the history) where the current failing streak began.
        public var failingSince: Int?
        /// Flips per run the test ran in.
        public var flipRate: Double
        /// The run (index in the history) whose result was the newest flip, when there was one.
        public var lastFlip: Int?

        /// Whether the test is flaky: it passed only on a retry somewhere in the window, or its result went both
        /// ways (pass, fail, pass; or fail, pass, fail). A test that broke once and has failed since (one flip) is
        /// not flaky but failing for N runs, and one that was fixed (one flip back to passing) is not flaky either.
        public var isFlaky: Bool { retriesPassed > 0 || flips >= 2 }
    }

    /// The history analysed.
    public let history: RunHistory
    /// How many newest runs the figures cover.
    public let window: Int
    /// By table index: whether every run of the window passed the test at the first attempt or did not run it
    /// (nothing to show in a list, never flaky, not failing).
    let settled: [Bool]
    /// Finds the key of a test the table has with or without its module (``ResultModel/ModuleLessMatching``).
    let moduleLess: ModuleLessLookup

    /// The window the report, the summary and `compare` use: the newest 30 runs.
    public static let defaultWindow = 30

    /// Analyses the newest `window` runs of `history` (read with at least that many runs decoded).
    public init(_ history: RunHistory, window: Int = defaultWindow) {
        self.history = history
        self.window = max(1, window)
        var settled = [Bool](repeating: true, count: history.keys.count)
        for run in history.runs.suffix(self.window) {
            run.statuses.withUnsafeBufferPointer { statuses in
                for index in statuses.indices where statuses[index] != .passed && statuses[index] != .absent {
                    settled[index] = false
                }
            }
        }
        self.settled = settled
        moduleLess = ModuleLessLookup(keys: history.keys)
    }

    /// The table index of `key`, or of the one key it matches by ``ResultModel/ModuleLessMatching`` (an id recorded
    /// without its module, or with it, where the history has it the other way).
    public func index(matching key: String) -> Int? {
        history.index(of: key) ?? moduleLess.counterpart(of: key)
    }

    /// Whether every run of the window that ran `key` (or the key it matches, ``index(matching:)``) passed it at the
    /// first attempt (a key the history does not have is not clean: it is new).
    public func isClean(_ key: String) -> Bool {
        guard let index = index(matching: key) else { return false }
        return settled[index]
    }

    /// The keys some run of the window did not pass at the first attempt (failed, skipped, retried): a small set
    /// to test a report's 100,000 tests against, where looking each up in the whole table would cost more.
    public func unsettledKeys() -> Set<String> {
        Set(history.keys.indices.lazy.filter { !settled[$0] }.map { history.keys[$0] })
    }

    /// The record of `key`, or of the key it matches (``index(matching:)``), when the history has it.
    public func record(for key: String) -> TestRecord? {
        guard let index = index(matching: key) else { return nil }
        return record(at: index)
    }

    func record(at index: Int) -> TestRecord {
        let runs = history.runs.suffix(window)
        let first = history.runs.count - runs.count
        let statuses = runs.map { $0.status(at: index) }
        let durations = runs.map { $0.duration(at: index) }
        var flips = 0
        var previous: HistoryStatus?
        var ran = 0
        var lastFlip: Int?
        for (offset, status) in statuses.enumerated() where status.isPassing || status.isFailing {
            ran += 1
            if let previous, previous.isFailing != status.isFailing {
                flips += 1
                lastFlip = first + offset
            }
            previous = status
        }
        var streak = 0
        var since: Int?
        for (offset, status) in statuses.enumerated().reversed() {
            if status == .absent || status == .skipped { continue }
            guard status.isFailing else { break }
            streak += 1
            since = first + offset
        }
        return TestRecord(
            key: history.keys[index], statuses: statuses, durations: durations, flips: flips,
            retriesPassed: statuses.filter { $0 == .passedOnRetry }.count, failingStreak: streak,
            failingSince: since, flipRate: ran > 1 ? Double(flips) / Double(ran - 1) : 0, lastFlip: lastFlip)
    }

    /// The label a report or summary shows for `key` when it failed in the newest run: `new failure`,
    /// `failing for 5 runs since abc1234`, or `flaky: 7 flips in the last 30 runs`; `new test` for a key the history
    /// does not have; `nil` when there is nothing to say.
    ///
    /// `failingNow`: the run being labelled is not in the history yet (a summary made before `history add`) and the
    /// test fails in it; it then extends the history's failing streak (or starts one) by one run.
    public func label(for key: String, failingNow: Bool = false) -> String? {
        label(of: record(for: key), failingNow: failingNow)
    }

    /// The label of a test with `record` (``label(for:failingNow:)``); `new test` for none.
    public func label(of record: TestRecord?, failingNow: Bool = false) -> String? {
        guard let record else { return "new test" }
        if record.flips >= 2 {
            return
                "flaky: \(Counted.noun(record.flips, "flip")) in the last \(Counted.noun(record.statuses.count, "run"))"
        }
        let streak = record.failingStreak + (failingNow ? 1 : 0)
        if streak == 1 { return "new failure" }
        guard streak > 1, let since = record.failingSince else { return nil }
        let run = history.runs[since].facts
        let origin = run.commit.map { String($0.prefix(12)) } ?? run.name ?? "run \(since + 1)"
        return "failing for \(Counted.noun(streak, "run")) since \(origin)"
    }

    /// The flaky tests of the window (``TestRecord/isFlaky``), most flaky first (by flip rate, then retries that
    /// passed, then flips): the one list the report's Flaky page, its count on the index, the summary and
    /// `history` show.
    public func flakyTests(limit: Int = 100) -> [TestRecord] {
        let records = history.keys.indices.lazy.filter { !settled[$0] }.map(record(at:)).filter(\.isFlaky)
        return Array(
            records.sorted {
                ($0.flipRate, $0.retriesPassed, $0.flips, $1.key) > ($1.flipRate, $1.retriesPassed, $1.flips, $0.key)
            }
            .prefix(limit))
    }
}
