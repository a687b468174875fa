import ResultModel

/// Where the tests to shard come from: the tests that exist now (`swift test list`, or a file of specifiers), each
/// with its duration in the previous run.
public enum ShardTestList {
    /// Each test's duration in a previous run, by the id the bundle gives it (`Module/Suite/test`): its share of
    /// the run's wall clock (``ResultModel/TestDigest/wallShare``), which is its duration when tests ran one at
    /// a time and what it cost the run when they ran in parallel (swift-testing's tests each take most of a
    /// parallel run, and weighing them by that put 10 times the work on one shard as on another). Parameterized
    /// cases count as their test; a test that ran in several configurations (a merged matrix) keeps its longest
    /// duration; a test the run has without a duration maps to nil.
    /// - Complexity: O(*n*) in the digest's entries.
    public static func durations(of run: RunDigest) -> [String: Double?] {
        var durations: [String: Double?] = [:]
        durations.reserveCapacity(run.tests.count)
        for digest in run.tests where digest.arguments == nil {
            let known = durations[digest.test] ?? nil
            switch (known, digest.wallShare ?? digest.duration) {
            case (let old?, let new?): durations[digest.test] = max(old, new)
            case (nil, let new?): durations[digest.test] = new
            default: if durations[digest.test] == nil { durations[digest.test] = .some(nil) }
            }
        }
        return durations
    }

    /// The tests to shard.
    ///
    /// - Parameters:
    ///   - previous: each test's duration in the previous run, by bundle id (``durations(of:)``); empty without one.
    ///   - listed: the tests that exist now, when known. A listed test the previous run did not have is new (no
    ///     duration); a test of the previous run that is not listed any more is dropped. Without a list, the
    ///     previous run's tests are the tests.
    /// - Returns: the tests, each once, sorted by specifier.
    /// - Complexity: O(*n* log *n*) in the number of tests.
    public static func make(previous: [String: Double?], listed: [TestSpecifier]?) -> [ShardTest] {
        var tests: [TestSpecifier: Double?] = [:]
        if let listed {
            for specifier in listed where tests[specifier] == nil {
                let duration = specifier.bundleIDs.lazy.compactMap { previous[$0] }.first ?? nil
                tests[specifier] = .some(duration)
            }
        } else {
            for (id, duration) in previous {
                let specifier = TestSpecifier(bundleID: id)
                switch (tests[specifier] ?? nil, duration) {
                case (let old?, let new?): tests[specifier] = max(old, new)
                case (nil, _): tests[specifier] = .some(duration)
                default: break
                }
            }
        }
        return tests.map { ShardTest($0.key, duration: $0.value) }.sorted { $0.specifier < $1.specifier }
    }
}
