import Foundation
import Testing
import _TestSupport

@testable import TestSharding

/// The split: every test once, balanced, and stable from run to run.
struct ShardPlannerTests {
    /// `count` tests named like a real package's, with log-normal durations (median e^mu seconds).
    static func logNormalTests(_ count: Int, sigma: Double, seed: UInt64, mu: Double = -2.5) -> [ShardTest] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { number in
            // Box-Muller: a standard normal from two uniforms.
            let u1 = Double.random(in: Double.ulpOfOne..<1, using: &random)
            let u2 = Double.random(in: 0..<1, using: &random)
            let normal = (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
            let module = "Module\(Int.random(in: 0..<5, using: &random))"
            let suite = "Suite\(Int.random(in: 0..<60, using: &random))"
            return ShardTest(TestSpecifier("\(module).\(suite)/test\(number)"), duration: exp(mu + sigma * normal))
        }
    }

    /// `tests` with each duration changed by up to ±`fraction`, as the next run's timings would be.
    static func jittered(_ tests: [ShardTest], by fraction: Double, seed: UInt64) -> [ShardTest] {
        var random = SeededGenerator(seed: seed)
        return tests.map { test in
            var test = test
            test.duration = test.duration.map {
                $0 * Double.random(in: (1 - fraction)...(1 + fraction), using: &random)
            }
            return test
        }
    }

    /// The longest shard's actual duration over the ideal (the total over the shards, or the longest test when it
    /// alone is longer).
    static func imbalance(_ plan: ShardPlan, _ tests: [ShardTest]) -> Double {
        let total = tests.reduce(0) { $0 + ($1.duration ?? plan.medianDuration) }
        let longest = tests.map { $0.duration ?? plan.medianDuration }.max() ?? 0
        let ideal = max(total / Double(plan.shards.count), longest)
        return (plan.shards.map(\.estimatedSeconds).max() ?? 0) / ideal
    }

    static func keptFraction(_ before: ShardPlan, _ after: ShardPlan) -> Double {
        let old = before.assignment
        let new = after.assignment
        let common = old.keys.filter { new[$0] != nil }
        return Double(common.filter { old[$0] == new[$0] }.count) / Double(common.count)
    }

    @Test(arguments: [1, 2, 3, 4, 7, 16])
    func everyTestIsOnExactlyOneShard(shards: Int) throws {
        for count in [0, 1, 5, 300] {
            var tests = Self.logNormalTests(count, sigma: 1.5, seed: UInt64(count))
            // Some new tests, and one listed twice.
            tests += (0..<count / 10).map { ShardTest(TestSpecifier("New.Suite/test\($0)"), duration: nil) }
            if let first = tests.first { tests.append(first) }
            let plan = ShardPlanner(shardCount: shards).plan(tests)
            #expect(plan.shards.count == shards)
            #expect(plan.invariantViolations(for: tests) == [], "\(count) tests on \(shards) shards")
            #expect(plan.shards.map(\.tests.count).reduce(0, +) == Set(tests.map(\.specifier)).count)
        }
    }

    @Test(arguments: [(1.0, 4), (1.0, 8), (1.5, 4), (1.5, 8), (2.0, 3)])
    func longestShardIsWithinTenPercentOfTheIdealOnLogNormalDurations(sigma: Double, shards: Int) {
        for seed in 1...5 as ClosedRange<UInt64> {
            let tests = Self.logNormalTests(1_000, sigma: sigma, seed: seed)
            let plan = ShardPlanner(shardCount: shards).plan(tests)
            let imbalance = Self.imbalance(plan, tests)
            #expect(imbalance <= 1.10, "σ \(sigma), \(shards) shards, seed \(seed): \(imbalance)")
        }
    }

    @Test(arguments: [(1.0, 4), (1.5, 4), (1.0, 8), (1.5, 8)])
    func ninetyPercentOfTestsKeepTheirShardWhenDurationsJitterByTenPercent(sigma: Double, shards: Int) {
        for seed in 1...5 as ClosedRange<UInt64> {
            let tests = Self.logNormalTests(1_000, sigma: sigma, seed: seed)
            let planner = ShardPlanner(shardCount: shards)
            let before = planner.plan(tests)
            let after = planner.plan(Self.jittered(tests, by: 0.10, seed: seed + 100))
            let kept = Self.keptFraction(before, after)
            #expect(kept >= 0.90, "σ \(sigma), \(shards) shards, seed \(seed): \(kept)")
            #expect(Self.imbalance(after, tests) <= 1.15)
        }
    }

    @Test func anAddedTestMovesNoOtherTestAndGoesToTheLightestShard() throws {
        for seed in 1...5 as ClosedRange<UInt64> {
            let tests = Self.logNormalTests(500, sigma: 1.5, seed: seed)
            let planner = ShardPlanner(shardCount: 4)
            let before = planner.plan(tests)
            let added = ShardTest(TestSpecifier("Module9.NewSuite/testSomethingNew"), duration: nil)
            let after = planner.plan(tests + [added])
            #expect(after.invariantViolations(for: tests + [added]) == [])
            let old = before.assignment
            let moved = after.assignment.filter { old[$0.key] != nil && old[$0.key] != $0.value }
            #expect(moved.isEmpty, "seed \(seed): \(moved.count) tests moved")
            let lightest = try #require(before.shards.min { $0.estimatedSeconds < $1.estimatedSeconds })
            #expect(after.shard(of: added.specifier) == lightest.index)
            #expect(
                abs(after.shards[lightest.index].estimatedSeconds - lightest.estimatedSeconds - after.medianDuration)
                    < 1e-9)
        }
    }

    @Test func aTestThatGainsItsDurationMovesFewOthers() {
        let tests = Self.logNormalTests(1_000, sigma: 1.5, seed: 7)
        let planner = ShardPlanner(shardCount: 4)
        let before = planner.plan(tests)
        let added = ShardTest(TestSpecifier("Module9.NewSuite/testSomethingNew"), duration: before.medianDuration)
        let after = planner.plan(tests + [added])
        #expect(Self.keptFraction(before, after) >= 0.97)
    }

    @Test func newTestsCountAsTheMedianAndFillTheLightestShards() {
        let known = [
            ShardTest(TestSpecifier("M.S/a"), duration: 10), ShardTest(TestSpecifier("M.S/b"), duration: 1),
            ShardTest(TestSpecifier("M.S/c"), duration: 2),
        ]
        let new = (0..<6).map { ShardTest(TestSpecifier("M.New/t\($0)"), duration: nil) }
        let plan = ShardPlanner(shardCount: 2).plan(known + new)
        #expect(plan.medianDuration == 2)
        let long = plan.shard(of: TestSpecifier("M.S/a"))!
        // 10 s on one shard; 3 s and six new tests of 2 s each make the other 15 s, or 13 s and 15 s.
        let other = 1 - long
        #expect(plan.shards[other].tests.filter(\.isNew).count >= 4)
        #expect(abs(plan.shards[0].estimatedSeconds - plan.shards[1].estimatedSeconds) <= 2)
    }

    @Test func withoutAnyDurationsTestsSpreadEvenlyAndStay() {
        let tests = (0..<400).map { ShardTest(TestSpecifier("M.Suite\($0 % 17)/test\($0)"), duration: nil) }
        let planner = ShardPlanner(shardCount: 4)
        let plan = planner.plan(tests)
        #expect(plan.shards.map(\.tests.count).max()! <= 105)
        let more = planner.plan(tests + [ShardTest(TestSpecifier("M.Suite0/testNew"), duration: nil)])
        #expect(Self.keptFraction(plan, more) >= 0.97)
    }

    @Test func thePlanDoesNotDependOnTheOrderOfTheTests() {
        let tests =
            Self.logNormalTests(300, sigma: 1.5, seed: 3)
            + (0..<20).map { ShardTest(TestSpecifier("New.S/t\($0)"), duration: nil) }
        var random = SeededGenerator(seed: 11)
        let planner = ShardPlanner(shardCount: 5)
        #expect(planner.plan(tests).assignment == planner.plan(tests.shuffled(using: &random)).assignment)
    }

    @Test func aTestLongerThanItsShareHasAShardToItself() {
        let tests =
            [ShardTest(TestSpecifier("M.S/huge"), duration: 100)]
            + (0..<50).map { ShardTest(TestSpecifier("M.S/small\($0)"), duration: 1) }
        let plan = ShardPlanner(shardCount: 3).plan(tests)
        let huge = plan.shard(of: TestSpecifier("M.S/huge"))!
        #expect(plan.shards[huge].tests.count == 1)
        #expect(plan.invariantViolations(for: tests) == [])
    }
}
