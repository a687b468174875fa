import Foundation
import ResultBundle
import ResultModel
import Testing
import _TestSupport

@testable import ResultRecorder

/// The journal folder every recorder test in this process writes to (set before the journal first opens).
enum JournalFolder {
    static let url: URL = {
        let url = TestScratch.folder.appendingPathComponent("recorder-tests")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        setenv("RESULTBUNDLE_JOURNAL_DIR", url.path, 1)
        return url
    }()

    /// Every fragment written so far, by the test it belongs to.
    static func fragments() throws -> [String: [TestAttempt]] {
        var result: [String: [TestAttempt]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: url.path) where name.hasSuffix(".resultbundle")
        {
            let reader = try BundleReader(url: url.appendingPathComponent(name))
            try reader.forEachTest { result[RecordedTestKey($0.identity).description, default: []] += $0.attempts }
        }
        return result
    }
}

@Suite struct RecorderTests {
    @Test func nestedStepsLandUnderTheirTest() async throws {
        _ = JournalFolder.url
        await step("outer") {
            await step("inner") {
                await Task.yield()
                attach(text: "hello", named: "note.txt")
            }
        }
        let fragments = try JournalFolder.fragments()["RecorderTests/nestedStepsLandUnderTheirTest()"] ?? []
        let outer = try #require(fragments.flatMap(\.activities).first { $0.title == "outer" })
        #expect(outer.children.first?.title == "inner")
        #expect(outer.children.first?.attachments.first?.name == "note.txt")
        #expect(outer.depth == 2 && outer.status == .passed)
    }

    @Test func aThrowingStepFailsAndRethrows() throws {
        _ = JournalFolder.url
        struct Boom: Error {}
        #expect(throws: Boom.self) { try step("fails") { throw Boom() } }
        let fragments = try JournalFolder.fragments()["RecorderTests/aThrowingStepFailsAndRethrows()"] ?? []
        let failed = try #require(fragments.flatMap(\.activities).first { $0.title == "fails" })
        #expect(failed.status == .failed && failed.issues.first?.kind == .thrownError)
    }

    @Test(arguments: 0..<8)
    func concurrentTestsKeepTheirOwnSteps(index: Int) async throws {
        _ = JournalFolder.url
        try await step("parallel \(index)") {
            try await Task.sleep(nanoseconds: UInt64(10_000_000 * (8 - index)))
            attachTerminalSnapshot(
                bytes: Array("\u{1B}[32mtest \(index)\u{1B}[0m".utf8), named: "screen \(index)", columns: 20, rows: 2)
        }
        let all = try JournalFolder.fragments()
        let mine = all["RecorderTests/concurrentTestsKeepTheirOwnSteps(index:)"] ?? []
        let step = try #require(mine.flatMap(\.activities).first { $0.title == "parallel \(index)" })
        #expect(step.attachments.map(\.name) == ["screen \(index)"])
        #expect(step.attachments.first?.kind == .terminalSnapshot)
    }

    @Test func measurementsKeepEveryValueAndXCTestsThresholds() throws {
        _ = JournalFolder.url
        let measurement = measure(iterations: 5) { _ = (0..<1000).reduce(0, +) }
        #expect(measurement.values.count == 5)
        #expect(measurement.maxPercentRelativeStandardDeviation == 10 && measurement.maxStandardDeviation == 0.1)
        let fragments =
            try JournalFolder.fragments()["RecorderTests/measurementsKeepEveryValueAndXCTestsThresholds()"] ?? []
        #expect(fragments.flatMap(\.measurements).first?.values.count == 5)
    }

    @Test func terminalSessionsCaptureTheScreen() async throws {
        _ = JournalFolder.url
        let session = try TerminalSession(
            command: [
                "sh", "-c", "printf 'ready\\n'; read line; printf '\\033[31mgot %s\\033[0m\\n' \"$line\"; sleep 5",
            ], columns: 30, rows: 5)
        try await session.waitFor(text: "ready", timeout: 10)
        try session.send(keys: "abc<Enter>")
        try await session.waitFor(text: "got abc", timeout: 10)
        let screen = session.snapshot(named: "after typing")
        #expect(screen.text.contains("got abc"))
        session.terminate()
    }

    @Test func identitiesMatchWhatTheParsersProduce() {
        let swiftTesting = RecordedTestKey.swiftTestingIdentity(
            id: "CalcTests.CalcSuite/param(x:)/SwiftTests.swift:6:4")
        #expect(swiftTesting == TestIdentity(module: "CalcTests", suites: ["CalcSuite"], name: "param(x:)"))
        #expect(
            RecordedTestKey.swiftTestingIdentity(id: "CalcTests.freeFunction()/Free.swift:3:2")
                == TestIdentity(module: "CalcTests", suites: [], name: "freeFunction()"))
        #expect(
            RecordedTestKey.swiftTestingIdentity(id: "CalcTests.Outer/Inner/nested()/Nested.swift:9:6")
                == TestIdentity(module: "CalcTests", suites: ["Outer", "Inner"], name: "nested()"))
        #expect(
            RecordedTestKey.xctestIdentity(name: "CalcXCTests.testAdd")
                == TestIdentity(suites: ["CalcXCTests"], name: "testAdd"))
        #expect(
            RecordedTestKey.xctestIdentity(name: "-[Calc.CalcXCTests testAdd]")
                == TestIdentity(module: "Calc", suites: ["CalcXCTests"], name: "testAdd"))
    }
}
