/// Splits tests into shards of about equal duration, in a way that stays put from one run to the next
/// (docs/SHARDING.md).
///
/// 1. **Tests with a duration** are placed by *rendezvous hashing with bounded loads*. Each test ranks the shards
///    by a hash of its name and the shard's number (``RendezvousHash``), so its ranking never changes. Tests are taken
///    longest first, by the power of two their duration falls in (`2^k ≤ d < 2^(k+1)`), and within one power by
///    the hash of their name; each goes to the first shard in its ranking that stays within the cap,
///    `(1 + tolerance) × total / shards`, or to the lightest shard when none does.
/// 2. **New tests** (no duration) each count as the median duration and go, by the hash of their name, to the
///    lightest shard at that moment. They come after every known test, so adding a test moves no other test.
///
/// Without any duration (no previous run), every test counts 1 and takes part in the first step.
///
/// Balance: no shard exceeds the cap unless one test alone is longer, so the longest shard is within `tolerance`
/// of the ideal (total / shards) before new tests are added. Stability: jitter moves a test only when it changes
/// the power of two a duration falls in, or when a shard's load crosses the cap; with 1,000 log-normal tests on
/// 4 shards, ±10% jitter keeps 93% or more of the tests on their shard (the tests require 90%).
public struct ShardPlanner: Sendable {
    /// How many shards.
    public let shardCount: Int
    /// How far over the ideal load a shard may go before a test moves to its next choice (0.05: 5%).
    public let tolerance: Double

    /// Creates a planner for `shardCount` shards (at least 1).
    public init(shardCount: Int, tolerance: Double = 0.05) {
        precondition(shardCount >= 1, "at least one shard")
        self.shardCount = shardCount
        self.tolerance = max(0, tolerance)
    }

    /// The shortest duration counted, in seconds: a test recorded with 0 s still weighs something.
    static let shortestDuration = 1e-6

    /// Places every test of `tests` on one shard (a test listed twice counts once, with its longer duration).
    /// - Complexity: O(*n* × (*s* + log *n*)) for *n* tests and *s* shards.
    public func plan(_ tests: [ShardTest]) -> ShardPlan {
        var unique: [TestSpecifier: Double?] = [:]
        for test in tests {
            switch (unique[test.specifier] ?? nil, test.duration) {
            case (let old?, let new?): unique[test.specifier] = max(old, new)
            case (nil, _): unique[test.specifier] = .some(test.duration)
            default: break
            }
        }
        let entries = unique.map { Entry(specifier: $0.key, duration: $0.value, hash: RendezvousHash.of($0.key.text)) }
        let knownDurations = entries.compactMap(\.duration).map { max($0, Self.shortestDuration) }
        let median = Self.median(knownDurations) ?? 1
        var known = entries.filter { $0.duration != nil }
        var new = entries.filter { $0.duration == nil }
        if known.isEmpty {
            // No history at all: every test weighs the same and is placed by its hash, so that adding a test
            // still moves almost nothing.
            known = new.map { Entry(specifier: $0.specifier, duration: 1, hash: $0.hash) }
            new = []
        }
        var loads = [Double](repeating: 0, count: shardCount)
        var members = [[ShardTest]](repeating: [], count: shardCount)
        let total = known.reduce(0) { $0 + $1.weight }
        let cap = (1 + tolerance) * total / Double(shardCount)
        known.sort { ($0.bucket, $1.hash, $0.specifier) > ($1.bucket, $0.hash, $1.specifier) }
        var scores = [UInt64](repeating: 0, count: shardCount)
        var tried = [Bool](repeating: false, count: shardCount)
        for entry in known {
            let shard =
                firstShard(for: entry, fitting: cap, loads: loads, scores: &scores, tried: &tried)
                ?? Self.lightest(loads)
            loads[shard] += entry.weight
            members[shard].append(ShardTest(entry.specifier, duration: entry.duration))
        }
        new.sort { ($0.hash, $0.specifier) < ($1.hash, $1.specifier) }
        for entry in new {
            let shard = Self.lightest(loads)
            loads[shard] += median
            members[shard].append(ShardTest(entry.specifier, duration: nil))
        }
        let shards = members.indices.map { index in
            ShardPlan.Shard(
                index: index, tests: members[index].sorted { $0.specifier < $1.specifier },
                estimatedSeconds: loads[index])
        }
        return ShardPlan(shards: shards, medianDuration: median)
    }

    /// The first shard in the test's own ranking (highest score first, the lower number among equal scores) that
    /// takes it without going over `cap`. `scores` and `tried` are scratch space of one element per shard.
    private func firstShard(
        for entry: Entry, fitting cap: Double, loads: [Double], scores: inout [UInt64], tried: inout [Bool]
    ) -> Int? {
        for shard in 0..<shardCount {
            scores[shard] = RendezvousHash.score(test: entry.hash, shard: shard)
            tried[shard] = false
        }
        // Most tests fit their first choice: pick choices one at a time rather than sorting the ranking.
        for _ in 0..<shardCount {
            var best = -1
            for shard in 0..<shardCount where !tried[shard] && (best < 0 || scores[shard] > scores[best]) {
                best = shard
            }
            if loads[best] + entry.weight <= cap { return best }
            tried[best] = true
        }
        return nil
    }

    /// The shard with the least load (the lowest number among equals).
    static func lightest(_ loads: [Double]) -> Int {
        var best = 0
        for index in loads.indices where loads[index] < loads[best] { best = index }
        return best
    }

    /// The median of `values`, nil when empty.
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    private struct Entry {
        var specifier: TestSpecifier
        var duration: Double?
        var hash: UInt64

        var weight: Double { max(duration ?? 1, ShardPlanner.shortestDuration) }
        /// The power of two the duration falls in: jitter within it does not change the order.
        var bucket: Int { weight.exponent }
    }
}
