import Foundation
import Testing
import _TestSupport

@testable import ResultBundle
@testable import ResultModel

/// The index's suite totals (format 1.9): every suite's counts as the writer tallied them, in frames written as
/// its bounded table fills, which give what counting every test gives.
@Suite struct SuiteTotalsTests {
    /// One run (or two) of tests in `suites` suites, `perSuite` tests each, written by a writer that holds at most
    /// `capacity` suites; `interleaved` deals the tests out suite after suite, as parallel runs do.
    private static func bundle(
        _ name: String, suites: Int, perSuite: Int, capacity: Int, interleaved: Bool = false, runs: Int = 1
    ) throws -> BundleReader {
        let url = try TestPaths.makeTemporaryDirectory("suites").appendingPathComponent(name + ".resultbundle")
        let writer = try BundleWriter(creating: url, flushPolicy: .batched(maxBytes: 2 << 10))
        writer.suiteTotals.capacity = capacity
        let runIndexes = try (0..<runs).map { _ in try writer.beginRun(RunRecord(producer: "test", source: "test")) }
        let order =
            interleaved
            ? (0..<perSuite).flatMap { test in (0..<suites).map { ($0, test) } }
            : (0..<suites).flatMap { suite in (0..<perSuite).map { (suite, $0) } }
        for (suite, test) in order {
            let run = runIndexes[(suite + test) % runs]
            let number = suite * perSuite + test
            // Some suites have no module, some tests no suite (their module's entry, or the entry of neither).
            let module = suite % 5 == 0 ? nil : "M\(suite % 3)"
            let suiteName = suite % 7 == 0 ? nil : "S\(suite)"
            if number % 4 == 0 {
                try addPassed(to: writer, run: run, module: module, suite: suiteName)
                continue
            }
            let status: TestStatus = [.failed, .skipped, .expectedFailure, .passed, .timedOut][number % 5]
            try writer.addTest(
                TestRecord(
                    runIndex: run,
                    identity: TestIdentity(module: module, suites: suiteName.map { [$0] } ?? [], name: "t\(number)"),
                    attempts: [TestAttempt(status: status, duration: Double(number % 17) / 8)]))
        }
        for run in runIndexes { try writer.endRun(run, RunEnd(exitCode: 1)) }
        try writer.close()
        return try BundleReader(url: url)
    }

    private static func addPassed(to writer: BundleWriter, run: Int, module: String?, suite: String?) throws {
        let moduleBytes = Array((module ?? "").utf8)
        let suiteBytes = Array((suite ?? "").utf8)
        let name = Array("passed".utf8)
        try moduleBytes.withUnsafeBufferPointer { moduleBuffer in
            try suiteBytes.withUnsafeBufferPointer { suiteBuffer in
                try name.withUnsafeBufferPointer { name in
                    try writer.addPassedTest(
                        PassedTestText(
                            runIndex: run, module: module == nil ? nil : moduleBuffer,
                            suite: suite == nil ? nil : suiteBuffer,
                            name: name,
                            duration: 0.25))
                }
            }
        }
    }

    /// Every suite's totals counted from every test.
    private static func counted(_ reader: BundleReader) throws -> [SuiteTotals] {
        var tally = SuiteTotalsTally()
        try reader.forEachTest { tally.add($0) }
        return tally.suites
    }

    /// The stored suite totals, each suite once, in place order.
    private static func stored(_ reader: BundleReader) throws -> [SuiteTotals]? {
        var suites: [SuiteTotals] = []
        guard try reader.forEachStoredSuiteTotals({ suites.append($0) }) else { return nil }
        #expect(Set(suites.map(\.place)).count == suites.count)
        return suites.sorted { $0.place < $1.place }
    }

    /// A reader asked for some suites by their counts hands on those alone, in whole frames and in parts alike.
    @Test(arguments: [false, true]) func suitesChosenByTheirCountsAreTheOnesCountingGives(interleaved: Bool) throws {
        let reader = try Self.bundle(
            interleaved ? "chosen-parts" : "chosen", suites: 23, perSuite: 6, capacity: 4, interleaved: interleaved)
        var offered = 0
        var chosen: [SuiteTotals] = []
        let stored = try reader.forEachStoredSuiteTotals(
            where: { totals in
                offered += 1
                return totals.failed >= 2
            },
            { chosen.append($0) })
        #expect(stored)
        let expected = try Self.counted(reader).filter { $0.totals.failed >= 2 }
        #expect(!expected.isEmpty)
        #expect(chosen.sorted { $0.place < $1.place } == expected)
        #expect(offered == (try Self.counted(reader)).count)
    }

    @Test func suitesWrittenInSeveralFramesGiveWhatEveryTestGives() throws {
        let reader = try Self.bundle("contiguous", suites: 23, perSuite: 6, capacity: 4)
        let directory = try #require(reader.index.suiteTotals[0])
        #expect(directory.frames.count > 4 && directory.split == 0 && directory.entries == 23)
        #expect(try Self.stored(reader) == Self.counted(reader))
        #expect(try reader.verify().problems.isEmpty)
    }

    @Test func suitesWhoseTestsInterleaveAreSummedFromTheirParts() throws {
        let reader = try Self.bundle("interleaved", suites: 9, perSuite: 5, capacity: 3, interleaved: true, runs: 2)
        let split = reader.index.runs.compactMap { reader.index.suiteTotals[$0.index]?.split }
        #expect(split.count == 2 && split.allSatisfy { $0 > 0 })
        #expect(try Self.stored(reader) == Self.counted(reader))
        #expect(try reader.verify().problems.isEmpty)
    }

    @Test func oneFrameHoldsTheSuitesOfASmallRun() throws {
        let reader = try Self.bundle("small", suites: 5, perSuite: 3, capacity: SuiteTotalsLayout.suitesPerFrame)
        #expect(reader.index.suiteTotals[0]?.frames.count == 1)
        #expect(try Self.stored(reader) == Self.counted(reader))
    }

    @Test func longNamesFillAFrameSooner() throws {
        let url = try TestPaths.makeTemporaryDirectory("suites").appendingPathComponent("long.resultbundle")
        let writer = try BundleWriter(creating: url, flushPolicy: .batched)
        let run = try writer.beginRun(RunRecord(producer: "test", source: "test"))
        for suite in 0..<4 {
            let module = String(repeating: "m", count: 3 << 20) + "\(suite)"
            for test in 0..<2 {
                try writer.addTest(
                    TestRecord(
                        runIndex: run, identity: TestIdentity(module: module, suites: [], name: "t\(test)"),
                        attempts: [TestAttempt(status: .passed, duration: 1)]))
            }
        }
        try writer.endRun(run, RunEnd(exitCode: 0))
        try writer.close()
        // Stored cut at 1 MiB, as the outputs that show them read the tests.
        let reader = try BundleReader(url: url, limits: .display)
        #expect((reader.index.suiteTotals[0]?.frames.count ?? 0) >= 2)
        #expect(try Self.stored(reader) == Self.counted(reader))
        #expect(
            try Self.stored(reader)?.allSatisfy { $0.place.name.hasSuffix("… [cut: 3145729 bytes in all]") } == true)
        #expect(try reader.verify().problems.isEmpty)
    }

    @Test func verifyNamesSuiteTotalsThatAreNotWhatTheRecordsSay() throws {
        let reader = try Self.bundle("altered", suites: 9, perSuite: 5, capacity: 3, interleaved: true)
        #expect(try reader.verify().problems.isEmpty)
        reader.index.suiteTotals[0]?.frames.removeLast()
        let problems = try reader.verify().problems
        #expect(
            problems.contains {
                $0.kind == .damagedIndex && $0.message.hasPrefix("suite totals of run 1: ")
                    && $0.message.hasSuffix("suites found have other counts than listed")
            })
    }

    @Test func verifyNamesSuitesListedWholeTwice() throws {
        let reader = try Self.bundle("unsplit", suites: 9, perSuite: 5, capacity: 3, interleaved: true)
        reader.index.suiteTotals[0]?.split = 0
        let problems = try reader.verify().problems
        #expect(problems.contains { $0.message.hasSuffix(", 0 of them continuing a suite") })
    }

    @Test func aDamagedFrameIsNotedAndTheTestsAreCountedInstead() throws {
        let reader = try Self.bundle("pointing", suites: 9, perSuite: 2, capacity: 3)
        let recordBatch = try #require(reader.index.recordFrames.first?.offset)
        reader.index.suiteTotals[0]?.frames[0] = recordBatch
        var called = false
        #expect(try !reader.forEachStoredSuiteTotals { _ in called = true })
        #expect(!called && reader.damage.contains { $0.message.hasPrefix("suite totals frame: ") })
    }

    @Test func theLayoutRefusesATruncatedEntry() throws {
        let suite = SuiteTotals(place: SuitePlace(runIndex: 0, module: "M", suites: ["S"]))
        let payload = SuiteTotalsLayout.payload(runIndex: 0, [suite])
        #expect(try SuiteTotalsLayout.read(payload).suites == [suite])
        #expect(throws: BundleError.self) { try SuiteTotalsLayout.read(Array(payload.dropLast(3))) }
    }

    @Test(arguments: ["v1.0-mixed", "v1.7-test-positions", "v1.8-failure-causes"])
    func bundlesBeforeSuiteTotalsHaveNone(name: String) throws {
        let reader = try BundleReader(url: TestPaths.sampleBundles.appendingPathComponent(name + ".resultbundle"))
        #expect(try !reader.forEachStoredSuiteTotals { _ in })
    }
}
