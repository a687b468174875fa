/// Which tests each shard runs.
public struct ShardPlan: Sendable {
    /// One shard: its tests, sorted by specifier, and the seconds they are expected to take.
    public struct Shard: Sendable {
        /// The shard's number, from 0.
        public var index: Int
        /// Its tests, sorted by specifier.
        public var tests: [ShardTest]
        /// The sum of its tests' durations in the previous run, new tests counting as the median.
        public var estimatedSeconds: Double
    }

    /// Every shard, by number.
    public var shards: [Shard]
    /// The duration a new test is counted with: the median of the previous run's durations (1 s without one).
    public var medianDuration: Double

    /// The shard that runs `specifier`, when one does.
    /// - Complexity: O(*n*) in the number of tests.
    public func shard(of specifier: TestSpecifier) -> Int? {
        shards.first { $0.tests.contains { $0.specifier == specifier } }?.index
    }

    /// Each test's shard, by specifier.
    public var assignment: [TestSpecifier: Int] {
        var result: [TestSpecifier: Int] = [:]
        for shard in shards {
            for test in shard.tests { result[test.specifier] = shard.index }
        }
        return result
    }

    /// The problems with this plan as a split of `tests` (empty when there are none): every test of `tests` is on
    /// exactly one shard, no shard has a test that is not one of them, and each shard's estimate is the sum of its
    /// tests'.
    public func invariantViolations(for tests: [ShardTest]) -> [String] {
        var problems: [String] = []
        var seen: [TestSpecifier: Int] = [:]
        for (position, shard) in shards.enumerated() {
            if shard.index != position { problems.append("shard at \(position) says it is \(shard.index)") }
            for test in shard.tests {
                if let other = seen[test.specifier] {
                    problems.append("\(test.specifier) is on shards \(other) and \(shard.index)")
                }
                seen[test.specifier] = shard.index
            }
            let sum = shard.tests.reduce(0) {
                $0 + max($1.duration ?? medianDuration, ShardPlanner.shortestDuration)
            }
            if abs(sum - shard.estimatedSeconds) > 1e-9 * max(1, sum) {
                problems.append("shard \(shard.index) estimates \(shard.estimatedSeconds) s, its tests sum to \(sum) s")
            }
        }
        let wanted = Set(tests.map(\.specifier))
        for specifier in wanted where seen[specifier] == nil { problems.append("\(specifier) is on no shard") }
        for specifier in seen.keys where !wanted.contains(specifier) { problems.append("\(specifier) is not a test") }
        return problems
    }
}
