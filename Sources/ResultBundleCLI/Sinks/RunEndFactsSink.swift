import ContentHashing
import Foundation
import ResultModel
import ResultSupport

/// Passes everything to another sink and completes each run's end with what only its tests tell: the wall clock
/// they covered, when the runner did not say and they have start times (``ResultModel/RunEnd/wallClock``; without
/// starts their durations would only add up), and the hash of each source file
/// an issue points into (``ResultModel/RunEnd/sources``), so a report made after the file changed can say so
/// instead of showing today's lines under yesterday's failure.
///
/// Only files inside the run's folder (its working directory, else the current one) are hashed, each once, and
/// only when an issue points into them: a run of passing tests costs one interval per test, for at most
/// ``maxMeasuredTests`` tests a run (16 MB); a larger run without a wall clock from its runner gets none, and
/// readers fall back to the sum of its durations.
final class RunEndFactsSink: ResultSink {
    /// The largest source file hashed; the report shows no excerpt of a larger one either.
    static let maxSourceBytes = 4 << 20
    /// The most tests a run's wall clock is measured over.
    static let maxMeasuredTests = 1_000_000

    private let base: any ResultSink
    private var clocks: [Int: Clock] = [:]
    private var roots: [Int: String] = [:]
    /// The runs that are imports, whose start is the import's own time: their inputs' clocks and hosts are kept.
    private var imports: Set<Int> = []
    /// Per imported run, the earliest start a test or suite gave.
    private var earliest: [Int: Double] = [:]
    /// Per imported run, the hosts its suites named, in order met.
    private var hosts: [Int: [String]] = [:]
    /// The most hosts kept for a run.
    static let maxHosts = 16
    /// Per run, each file an issue named, with its hash (`nil` when it is not a readable file inside the root).
    private var hashes: [Int: [String: SourceFileHash?]] = [:]

    init(wrapping base: any ResultSink) { self.base = base }

    func beginRun(_ run: RunRecord) throws -> Int {
        let index = try base.beginRun(run)
        let folder = run.workingDirectory ?? FileManager.default.currentDirectoryPath
        roots[index] = URL(fileURLWithPath: folder).resolvingSymlinksInPath().standardizedFileURL.path
        if run.source == "import" { imports.insert(index) }
        return index
    }

    func addSuite(_ suite: SuiteRecord) throws {
        for issue in suite.issues { note(issue, runIndex: suite.runIndex) }
        if imports.contains(suite.runIndex) {
            noteStart(suite.start, runIndex: suite.runIndex)
            if let host = suite.hostname?.trimmingCharacters(in: .whitespacesAndNewlines), !host.isEmpty {
                var named = hosts[suite.runIndex] ?? []
                if named.count < Self.maxHosts, !named.contains(host) { named.append(host) }
                hosts[suite.runIndex] = named
            }
        }
        try base.addSuite(suite)
    }

    func addTest(_ test: consuming TestRecord) throws {
        clocks[test.runIndex, default: Clock()].measure { $0.add(test) }
        if imports.contains(test.runIndex) {
            for attempt in test.attempts { noteStart(attempt.start, runIndex: test.runIndex) }
            for testCase in test.cases {
                for attempt in testCase.attempts { noteStart(attempt.start, runIndex: test.runIndex) }
            }
        }
        for attempt in test.attempts { noteIssues(of: attempt, runIndex: test.runIndex) }
        for testCase in test.cases {
            for attempt in testCase.attempts { noteIssues(of: attempt, runIndex: test.runIndex) }
        }
        try base.addTest(test)
    }

    func addPassedTest(_ test: PassedTestText) throws {
        if imports.contains(test.runIndex) { noteStart(test.start, runIndex: test.runIndex) }
        clocks[test.runIndex, default: Clock()].measure { elapsed in
            if let duration = test.duration {
                elapsed.add(start: test.start, duration: duration)
            } else if test.start == nil {
                elapsed.addUntimedTest()
            }
        }
        try base.addPassedTest(test)
    }

    func storeBlob(_ data: Data) throws -> BlobReference { try base.storeBlob(data) }
    func storeBlob(contentsOf file: URL) throws -> BlobReference { try base.storeBlob(contentsOf: file) }

    func endRun(_ runIndex: Int, _ end: RunEnd) throws {
        var completed = end
        // A runner's 0 s (XCTest's summary of no tests, before swift-testing ran without one) says nothing.
        if (completed.wallClock ?? 0) <= 0, let covered = clocks[runIndex]?.seconds, covered > 0 {
            completed.wallClock = covered
        }
        if imports.contains(runIndex) {
            completed.testsStarted = completed.testsStarted ?? earliest[runIndex]
            if let named = hosts[runIndex], !named.isEmpty { completed.hosts = named }
        }
        earliest[runIndex] = nil
        hosts[runIndex] = nil
        let files = (hashes[runIndex] ?? [:]).values.compactMap { $0 }.sorted { $0.path < $1.path }
        if !files.isEmpty { completed.sources = (completed.sources ?? []) + files }
        clocks[runIndex] = nil
        hashes[runIndex] = nil
        try base.endRun(runIndex, completed)
    }

    private func noteStart(_ start: Double?, runIndex: Int) {
        guard let start, start.isFinite, start > 0 else { return }
        if earliest[runIndex].map({ start < $0 }) ?? true { earliest[runIndex] = start }
    }

    private func noteIssues(of attempt: TestAttempt, runIndex: Int) {
        guard !attempt.issues.isEmpty || !attempt.activities.isEmpty else { return }
        for issue in attempt.allIssues { note(issue, runIndex: runIndex) }
    }

    private func note(_ issue: IssueRecord, runIndex: Int) {
        guard let file = issue.location?.file, hashes[runIndex]?[file] == nil else { return }
        hashes[runIndex, default: [:]][file] = .some(hash(file, root: roots[runIndex]))
    }

    /// The hash of `path` (absolute, or relative to `root`) when it is a regular file inside `root`.
    private func hash(_ path: String, root: String?) -> SourceFileHash? {
        guard let root, !path.isEmpty else { return nil }
        let url =
            path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: root).appendingPathComponent(path)
        let resolved = url.resolvingSymlinksInPath().standardizedFileURL.path
        guard resolved.hasPrefix(root == "/" ? "/" : root + "/"),
            let attributes = try? FileManager.default.attributesOfItem(atPath: resolved),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? Int, size <= Self.maxSourceBytes,
            let data = FileManager.default.contents(atPath: resolved)
        else { return nil }
        return SourceFileHash(path: path, sha256: ContentHash.sha256Hex(data))
    }

    /// The span a run's tests covered, measured over its first ``maxMeasuredTests`` tests.
    private struct Clock {
        private var elapsed = ElapsedTestTime()
        private var count = 0

        /// Counts a test, and adds it to the measure while the run is not too large.
        mutating func measure(_ add: (inout ElapsedTestTime) -> Void) {
            count += 1
            if count <= RunEndFactsSink.maxMeasuredTests {
                add(&elapsed)
            } else if count == RunEndFactsSink.maxMeasuredTests + 1 {
                elapsed = ElapsedTestTime()
            }
        }

        /// The covered span in seconds; `nil` for a run too large to have been measured, or when a test that ran
        /// had no start time (``ResultModel/ElapsedTestTime/wallClock``).
        var seconds: Double? { count <= RunEndFactsSink.maxMeasuredTests ? elapsed.wallClock : nil }
    }
}
