import Foundation
import Testing
import _TestSupport

@testable import ResultBundle
@testable import ResultModel

/// The index's failure causes (format 1.8): each run's failures grouped by cause as the writer counted them, which
/// give the clusters reading every failed test gives.
@Suite struct FailureCausesTests {
    /// One run of `count` failed tests over `causes` messages, in suites and files that change with the test.
    private static func failures(_ count: Int, causes: Int, name: String) throws -> BundleReader {
        let url = try TestPaths.makeTemporaryDirectory("causes").appendingPathComponent(name + ".resultbundle")
        let writer = try BundleWriter(creating: url, flushPolicy: .batched(maxBytes: 16 << 10))
        let run = try writer.beginRun(RunRecord(producer: "test", source: "test"))
        for number in 0..<count {
            let issue = IssueRecord(
                kind: .assertion, message: "cause \(Self.word(number % causes)) is not \(number)\nsecond line",
                location: SourceLocation(file: "Tests/File\(number % 11).swift", line: number % 90 + 1))
            try writer.addTest(
                TestRecord(
                    runIndex: run,
                    identity: TestIdentity(
                        module: "M\(number % 3)", suites: ["S\(number % 13)"],
                        name: "t\(number)"), attempts: [TestAttempt(status: .failed, issues: [issue])]))
        }
        try writer.endRun(run, RunEnd(exitCode: 1))
        try writer.close()
        return try BundleReader(url: url)
    }

    /// `number` in letters (a message's numbers are normalised away, its words are not).
    private static func word(_ number: Int) -> String {
        String(String(number, radix: 10).unicodeScalars.map { Character(UnicodeScalar($0.value - 48 + 97)!) })
    }

    /// What clusters say that the summary shows: count, message, modules, suites and files, largest first.
    private static func shown(_ clusters: FailureClusters) -> [String] {
        clusters.largestFirst.map {
            "\($0.count) \($0.sampleMessage) \($0.modules) \($0.suites) \($0.files)"
        }
    }

    @Test func givesTheClustersOfEveryFailedTest() throws {
        let reader = try Self.failures(500, causes: 7, name: "seven")
        var everyTest = FailureClusters()
        try reader.forEachTest { everyTest.add($0) }
        var stored = FailureClusters()
        let joined = stored.add(storedRuns: try #require(reader.storedFailureCauses))
        #expect(joined)
        #expect(Self.shown(stored) == Self.shown(everyTest))
        #expect(stored.count == 7 && stored.failureCount == 500)
    }

    @Test func keepsAFewCausesAndCountsTheOthers() throws {
        let count = FailureCauseTally.maxCauses + 300
        let reader = try Self.failures(count, causes: count, name: "unique")
        let causes = try #require(reader.storedFailureCauses?.first)
        #expect(causes.causes.count == FailureCauseTally.maxCauses)
        #expect(causes.otherFailures == 300)
        #expect(causes.causes.reduce(causes.otherFailures) { $0 + $1.count } == count)
        var clusters = FailureClusters()
        let joined = clusters.add(storedRuns: [causes])
        #expect(!joined)
        #expect(clusters.count == 0)
        #expect(try reader.verify().problems.isEmpty)
    }

    @Test func runsWhoseFailuresOfOneCauseInterleaveAreNotJoined() throws {
        let url = try TestPaths.makeTemporaryDirectory("causes").appendingPathComponent("g.resultbundle")
        try ShownTestsBundles.writeGeneratedRuns(to: url)
        let reader = try BundleReader(url: url)
        let stored = try #require(reader.storedFailureCauses)
        #expect(stored.count == 2 && stored.allSatisfy { !$0.causes.isEmpty })
        var clusters = FailureClusters()
        let joinedBoth = clusters.add(storedRuns: stored)
        #expect(!joinedBoth)
        // Each run alone is exact.
        var everyTest = FailureClusters()
        try reader.forEachTest { if $0.runIndex == 1 { everyTest.add($0) } }
        let joinedOne = clusters.add(storedRuns: [stored[1]])
        #expect(joinedOne)
        #expect(Self.shown(clusters) == Self.shown(everyTest))
    }

    @Test func verifyNamesCausesThatAreNotWhatTheRecordsSay() throws {
        let reader = try Self.failures(40, causes: 3, name: "altered")
        #expect(try reader.verify().problems.isEmpty)
        reader.index.causes[0]?.causes[1].count += 1
        let problems = try reader.verify().problems
        #expect(problems.contains { $0.message.hasPrefix("failure causes of run 1: 3 causes of 41 failed tests") })
    }

    @Test(arguments: ["v1.0-mixed", "v1.6-coverage", "v1.7-test-positions"])
    func bundlesBeforeCausesHaveNone(name: String) throws {
        let reader = try BundleReader(url: TestPaths.sampleBundles.appendingPathComponent(name + ".resultbundle"))
        #expect(reader.storedFailureCauses == nil)
    }
}
