import Foundation
import ResultBundle
import ResultModel
import RunComparison
import Testing
import _TestSupport

@testable import TestSharding

/// Test names: `swift test list`'s lines, a bundle's ids, and the list of tests to shard.
struct TestSpecifierTests {
    @Test func readsSwiftTestListOutputAndSkipsEverythingElse() {
        let output = """
            Building for debugging...
            [3/7] Compiling CalcTests CalcTests.swift
            Build complete! (1.20s)
            CalcTests.CalcXCTests/testAdd
            CalcTests.CalcSuite/add()
            CalcTests.CalcSuite/overload(_:)/CalcSuite.swift:10:4
            CalcTests.top()\r

            """
        let specifiers = TestSpecifier.listed(in: output)
        #expect(
            specifiers.map(\.text) == [
                "CalcTests.CalcXCTests/testAdd", "CalcTests.CalcSuite/add()", "CalcTests.CalcSuite/overload(_:)",
                "CalcTests.top()",
            ])
    }

    @Test func mapsBundleIDsToSpecifiersAndBack() {
        let swiftTesting = TestSpecifier(bundleID: "CalcTests/CalcSuite/add()")
        #expect(swiftTesting.text == "CalcTests.CalcSuite/add()" && swiftTesting.hasModule)
        #expect(TestSpecifier(bundleID: "CalcTests/top()").text == "CalcTests.top()")
        let linuxXCTest = TestSpecifier(bundleID: "CalcXCTests/testAdd")
        #expect(linuxXCTest.text == "CalcXCTests/testAdd" && !linuxXCTest.hasModule)
        #expect(TestSpecifier(bundleID: "M/Class/testA").text == "M.Class/testA")
        #expect(TestSpecifier("M.Class/testA").bundleIDs == ["M/Class/testA", "Class/testA"])
    }

    @Test func listedTestsTakeTheirDurationsNewOnesHaveNoneAndUnlistedOnesAreDropped() {
        let previous: [String: Double?] = [
            "CalcTests/CalcSuite/add()": 0.5, "CalcXCTests/testAdd": 2, "CalcTests/CalcSuite/removed()": 9,
            "CalcTests/CalcSuite/noTime()": Double?.none,
        ]
        let listed = [
            "CalcTests.CalcSuite/add()", "CalcTests.CalcXCTests/testAdd", "CalcTests.CalcSuite/brandNew()",
            "CalcTests.CalcSuite/noTime()", "CalcTests.CalcSuite/add()",
        ].map { TestSpecifier($0) }
        let tests = ShardTestList.make(previous: previous, listed: listed)
        #expect(
            tests.map { "\($0.specifier.text)=\($0.duration.map { "\($0)" } ?? "new")" } == [
                "CalcTests.CalcSuite/add()=0.5", "CalcTests.CalcSuite/brandNew()=new",
                "CalcTests.CalcSuite/noTime()=new", "CalcTests.CalcXCTests/testAdd=2.0",
            ])
        let unlisted = ShardTestList.make(previous: previous, listed: nil)
        #expect(unlisted.count == 4)
        #expect(unlisted.contains { $0.specifier.text == "CalcTests.CalcSuite/removed()" && $0.duration == 9 })
    }

    /// A recorded run of 600 tests, written as a bundle and read back as the command reads it.
    static func recordedRun() throws -> URL {
        let url = try TestPaths.makeTemporaryDirectory("sharding").appendingPathComponent("run.resultbundle")
        let writer = try BundleWriter(creating: url, flushPolicy: .batched)
        let run = try writer.beginRun(RunRecord(name: "linux", producer: "tests", source: "test"))
        for test in ShardPlannerTests.logNormalTests(600, sigma: 1.3, seed: 42) {
            let parts = test.specifier.text.split(separator: "/")
            let module = parts[0].split(separator: ".")[0]
            let suite = parts[0].split(separator: ".")[1]
            try writer.addTest(
                TestRecord(
                    runIndex: run,
                    identity: TestIdentity(module: String(module), suites: [String(suite)], name: String(parts[1])),
                    attempts: [TestAttempt(status: .passed, duration: test.duration!)]))
        }
        try writer.endRun(run, RunEnd())
        try writer.close()
        return url
    }

    @Test func aRecordedRunIsSplitWithinTenPercentOfTheIdeal() throws {
        let reader = try BundleReader(url: try Self.recordedRun())
        let durations = ShardTestList.durations(of: try RunDigest(reader))
        #expect(durations.count == 600)
        let tests = ShardTestList.make(previous: durations, listed: nil)
        #expect(tests.allSatisfy { $0.specifier.hasModule && $0.duration != nil })
        for shards in [2, 3, 4, 6] {
            let plan = ShardPlanner(shardCount: shards).plan(tests)
            #expect(plan.invariantViolations(for: tests) == [])
            #expect(ShardPlannerTests.imbalance(plan, tests) <= 1.10, "\(shards) shards")
        }
    }

    @Test(arguments: [
        "v1.0-examples.resultbundle", "v1.0-merged.resultbundle", "v1.0-mixed.resultbundle",
        "v1.1-interrupted.resultbundle", "v1.2-junit-properties.resultbundle",
    ])
    func everySampleBundleSplitsIntoShardsThatCoverItsTests(name: String) throws {
        let reader = try BundleReader(url: TestPaths.sampleBundles.appendingPathComponent(name))
        let durations = ShardTestList.durations(of: try RunDigest(reader))
        let tests = ShardTestList.make(previous: durations, listed: nil)
        #expect(!tests.isEmpty)
        let plan = ShardPlanner(shardCount: 3).plan(tests)
        #expect(plan.invariantViolations(for: tests) == [])
        let patterns = plan.shards.map { TestFilterPattern.patterns(for: $0.tests.map(\.specifier)) }
        #expect(
            try patterns.joined().allSatisfy {
                _ = try NSRegularExpression(pattern: $0); return true
            })
    }
}
