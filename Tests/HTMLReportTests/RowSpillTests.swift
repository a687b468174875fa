import Foundation
import ResultBundle
import ResultModel
import Testing
import _TestSupport

@testable import HTMLReport

/// The list pages' rows are kept in a scratch file as tests arrive, not in memory until the end (a few
/// hundred bytes a test: 3 GB for ten million), and the scratch file is gone once the report is written.
@Suite struct RowSpillTests {
    static func summary(_ number: Int, suite: String) -> TestSummary {
        TestSummary(
            name: "test\(number)", groupKey: suite, status: .failed, duration: 0.5, pagePath: nil, detail: nil,
            anchorHash: UInt64(number), listPage: 1, failureMessage: "failure \(number) with some text",
            failureLocation: "File.swift:\(number)")
    }

    @Test func rowsGoToTheSpillAsTheyArrive() throws {
        let folder = try TestPaths.makeTemporaryDirectory("spill")
        let spill = try RowSpill(in: folder)
        var rows = GroupedRows()
        for number in 0..<20_000 {
            try rows.add(Self.summary(number, suite: "Suite\(number / 5_000)"), spill: spill)
            #expect(rows.heldBytes < 64 << 10)
        }
        try rows.flush(spill)
        #expect(rows.heldBytes == 0 && rows.titles.count == 4 && rows.pieces.allSatisfy { $0.count > 1 })
        var spilled = 0
        for piece in rows.pieces.joined() { try spill.read(piece) { spilled += $0.count } }
        #expect(spilled > 20_000 * 80)  // every row reached the spill (each over 80 bytes)
        spill.remove()
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".list-rows.spill").path))
    }

    @Test func aWrittenReportHasNoScratchFile() throws {
        let memory = InMemoryResults()
        let run = try memory.beginRun(RunRecord(producer: "test", source: "test"))
        for number in 0..<300 {
            try memory.addTest(
                TestRecord(
                    runIndex: run, identity: TestIdentity(suites: ["Suite\(number / 50)"], name: "test\(number)"),
                    attempts: [TestAttempt(status: number % 3 == 0 ? .failed : .passed, duration: 0.001)]))
        }
        let site = try TestPaths.makeTemporaryDirectory("spill-report").appendingPathComponent("site")
        _ = try ReportGenerator(options: ReportOptions(title: "Spill", outputDirectory: site)).generate(from: [memory])
        let names = try FileManager.default.contentsOfDirectory(atPath: site.path)
        #expect(!names.contains(".list-rows.spill") && names.contains("failed.html"))
        let failed = try String(contentsOf: site.appendingPathComponent("failed.html"), encoding: .utf8)
        // 100 failed rows, and a header row in the table of their one cause (a failure without a message).
        #expect(failed.components(separatedBy: "<tr").count - 1 == 100 + 1)
    }
}
