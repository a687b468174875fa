/// The digests of every test of a source, in order.
public struct RunDigest: Sendable {
    /// Digests in the order read.
    public private(set) var tests: [TestDigest] = []
    /// Position of each key in ``tests``, by the key's hash; keys whose hash another key already has are in
    /// ``collisions``.
    private var positions: [Int: Int] = [:]
    private var collisions: [String: Int] = [:]
    /// The configurations (run names) the source holds, in order.
    public private(set) var configurations: [String] = []

    /// Reads every test of `source`: each test, and each parameterized case as its own digest. Batches are read
    /// on the source's decoding threads (``ResultModel/ResultSource/forEachTestBatch(_:_:)``), and a passed test a
    /// bundle keeps as text is digested from its name without being decoded.
    public init(_ source: any ResultSource) throws {
        configurations = Self.configurations(of: source)
        try Self.readDigests(source) { digests in
            for digest in digests { add(digest) }
        }
        shareWallClock(source.runs)
    }

    /// Digests `digests` as read, without wall-clock shares (those already set are kept); the same key twice keeps
    /// the later digest at the earlier one's position, as ``init(_:)`` does.
    package init(digests: [TestDigest]) {
        for digest in digests { add(digest) }
    }

    /// The configurations (run names) `source` holds, in order.
    public static func configurations(of source: any ResultSource) -> [String] {
        var distinct: [String] = []
        for run in source.runs {
            let name = run.record.name ?? "run \(run.index + 1)"
            if !distinct.contains(name) { distinct.append(name) }
        }
        return distinct
    }

    /// Calls `body` with the digests of every test of `source` (each test, and each parameterized case as its own
    /// digest), in order, a batch at a time, without wall-clock shares. Batches are digested on the source's
    /// decoding threads (``ResultModel/ResultSource/forEachTestBatch(_:_:)``), and a passed test a bundle keeps as
    /// text is digested from its name without being decoded.
    public static func readDigests(_ source: any ResultSource, _ body: ([TestDigest]) throws -> Void) throws {
        var names: [Int: String] = [:]
        for run in source.runs { names[run.index] = run.record.name ?? "run \(run.index + 1)" }
        let configurationNames = configurations(of: source).count > 1 ? names : [:]
        try source.forEachTestBatch(
            { batch in
                var digests: [TestDigest] = []
                digests.reserveCapacity(max(64, batch.byteCountHint / 128))
                // The id of the last decoded test without its name (`Module/Suite/`), for the passed tests after it.
                var prefix = ""
                var configuration: String?
                var runIndex = 0
                try batch.forEachTest { test in
                    configuration = configurationNames[test.runIndex]
                    runIndex = test.runIndex
                    var parent = test.identity
                    parent.name = ""
                    prefix = parent.id
                    digests.append(Self.digest(test, configuration: configuration))
                    for testCase in test.cases {
                        digests.append(Self.digest(testCase, of: test, configuration: configuration))
                    }
                } passedInSameSuite: { passed in
                    let id = prefix + String(decoding: passed.name, as: UTF8.self)
                    digests.append(
                        TestDigest(
                            key: Self.key(test: id, arguments: nil, configuration: configuration), test: id,
                            arguments: nil, configuration: configuration, status: .passed, duration: passed.duration,
                            start: passed.start, runIndex: runIndex, attempts: 1, isFlaky: false, message: nil,
                            measurements: []))
                }
                return digests
            }, body)
    }

    /// Sets each test's ``TestDigest/wallShare`` from the tests of its run (a parameterized case shares its test's
    /// time with the other cases, so only tests count, and a case gets its own duration's part of its test's share).
    private mutating func shareWallClock(_ runs: [RunResult]) {
        var shares: [Int: WallClockShares] = [:]
        var slots: [Int] = []
        slots.reserveCapacity(tests.count)
        for digest in tests {
            slots.append(shares[digest.runIndex]?.count ?? 0)
            if digest.arguments == nil {
                shares[digest.runIndex, default: WallClockShares()].add(start: digest.start, duration: digest.duration)
            }
        }
        var computed: [Int: [Double?]] = [:]
        for (runIndex, runShares) in shares {
            let wallClock = runs.first { $0.index == runIndex }?.end?.wallClock
            computed[runIndex] = runShares.shares(wallClock: wallClock)
        }
        var ownerShare: (test: String, share: Double?, duration: Double?) = ("", nil, nil)
        for position in tests.indices {
            let digest = tests[position]
            guard let runShares = computed[digest.runIndex] else { continue }
            if digest.arguments == nil {
                let share = runShares[slots[position]]
                tests[position].wallShare = share
                ownerShare = (digest.test, share, digest.duration)
            } else if ownerShare.test == digest.test, let share = ownerShare.share, let whole = ownerShare.duration,
                whole > 0, let part = digest.duration
            {
                tests[position].wallShare = share * min(1, part / whole)
            }
        }
    }

    /// The digest of `key`, when the run has it.
    public subscript(key: String) -> TestDigest? { position(of: key, hash: key.hashValue).map { tests[$0] } }

    /// The digest with `digest`'s key, when the run has it.
    public func matching(_ digest: TestDigest) -> TestDigest? {
        position(of: digest.key, hash: digest.keyHash).map { tests[$0] }
    }

    private func position(of key: String, hash: Int) -> Int? {
        if let index = positions[hash], tests[index].key == key { return index }
        return collisions.isEmpty ? nil : collisions[key]
    }

    private mutating func add(_ digest: TestDigest) {
        if let existing = position(of: digest.key, hash: digest.keyHash) {
            // The same test twice (shards of one configuration, reruns): the later result counts.
            tests[existing] = digest
        } else if positions[digest.keyHash] == nil {
            positions[digest.keyHash] = tests.count
            tests.append(digest)
        } else {
            collisions[digest.key] = tests.count
            tests.append(digest)
        }
    }

    package static func key(test: String, arguments: String?, configuration: String?) -> String {
        test + (arguments.map { "[\($0)]" } ?? "") + (configuration.map { "@\($0)" } ?? "")
    }

    static func digest(_ test: TestRecord, configuration: String?) -> TestDigest {
        let final = test.attempts.last
        var digest = TestDigest(
            key: key(test: test.id, arguments: nil, configuration: configuration), test: test.id, arguments: nil,
            configuration: configuration, status: test.combinedStatus, duration: test.duration,
            start: final?.start ?? test.cases.first?.attempts.last?.start, runIndex: test.runIndex,
            attempts: test.attempts.count, isFlaky: test.isFlaky, message: firstFailure(test.attempts),
            measurements: (final?.measurements ?? []).map(measurement))
        if digest.status.isFailure { digest.cause = FailureSignature(of: test) }
        return digest
    }

    static func digest(_ testCase: TestCaseRecord, of test: TestRecord, configuration: String?) -> TestDigest {
        let passed = testCase.attempts.last?.status.isPass ?? false
        let flaky =
            testCase.attempts.count > 1 && passed && testCase.attempts.dropLast().contains { $0.status.isFailure }
        var digest = TestDigest(
            key: key(test: test.id, arguments: testCase.arguments, configuration: configuration), test: test.id,
            arguments: testCase.arguments, configuration: configuration, status: testCase.status,
            duration: testCase.attempts.last?.duration, start: testCase.attempts.last?.start, runIndex: test.runIndex,
            attempts: testCase.attempts.count, isFlaky: flaky,
            message: firstFailure(testCase.attempts), measurements: [])
        if testCase.status.isFailure {
            let issue = testCase.attempts.last?.allIssues.first { $0.kind.isFailure }
            digest.cause =
                issue.map(FailureSignature.init)
                ?? FailureSignature(
                    kind: testCase.status.rawValue, text: "\(testCase.status.rawValue) without a message")
        }
        return digest
    }

    private static func firstFailure(_ attempts: [TestAttempt]) -> String? {
        guard let final = attempts.last else { return nil }
        let issue = final.allIssues.first { $0.kind.isFailure }
        let text = issue?.message ?? (final.status.isFailure ? final.statusReason : nil)
        return text.map { String($0.split(separator: "\n", omittingEmptySubsequences: false).first ?? "") }
            .map { String($0.prefix(500)) }
    }

    private static func measurement(_ record: MeasurementRecord) -> TestDigest.MeasurementDigest {
        TestDigest.MeasurementDigest(
            metric: record.metricID, name: record.name, unit: record.unit, average: record.average,
            largerIsBetter: record.polarity == .largerIsBetter, maxPercentRegression: record.maxPercentRegression,
            maxRegression: record.maxRegression)
    }
}
