import Foundation
import HTMLReport
import JUnitExport
import ResultModel
import Testing
import _TestSupport

@testable import ResultBundle

/// Issue 25.10: a test's output stored as a blob over the reader's in-memory limit (up to the format's 1 GiB)
/// no longer fails `junit` and `report`: they show its start and end. The limit is lowered to stand for 256 MiB.
@Suite struct LargeOutputBlobTests {
    static func bundle() throws -> (BundleReader, URL) {
        let folder = try TestPaths.makeTemporaryDirectory("large-output")
        let url = folder.appendingPathComponent("b.resultbundle")
        let writer = try BundleWriter(creating: url, flushPolicy: .batched)
        let log = Data((0..<300_000).map { "log line \($0)\n" }.joined().utf8)
        let run = try writer.beginRun(RunRecord(producer: "p", source: "s"))
        try writer.addTest(
            TestRecord(
                runIndex: run, identity: TestIdentity(module: "M", suites: ["S"], name: "testLoud"),
                attempts: [
                    TestAttempt(
                        status: .failed, issues: [IssueRecord(kind: .assertion, message: "boom")],
                        attachments: [
                            AttachmentRecord(
                                name: "capture.log", mediaType: "text/plain", kind: .text,
                                blob: try writer.storeBlob(log))
                        ],
                        output: CapturedOutput(blob: try writer.storeBlob(log)))
                ]))
        try writer.endRun(run, RunEnd())
        try writer.close()
        return (try BundleReader(url: url, limits: BundleLimits(maxInMemoryBlobBytes: 1 << 20)), folder)
    }

    @Test func junitShowsTheStartAndTheEnd() throws {
        let (reader, folder) = try Self.bundle()
        let output = folder.appendingPathComponent("j.xml")
        _ = try JUnitExporter(options: JUnitExportOptions(flavor: .jenkins)).export([reader], to: output)
        let text = try String(contentsOf: output, encoding: .utf8)
        #expect(text.contains("log line 0\n") && text.contains("log line 299999"))
        #expect(text.contains("not shown …]"))
    }

    @Test func theReportShowsTheStartAndTheEnd() throws {
        let (reader, folder) = try Self.bundle()
        let output = folder.appendingPathComponent("report")
        _ = try ReportGenerator(options: ReportOptions(title: "Report", outputDirectory: output)).generate(
            from: [reader])
        let pages = try FileManager.default.contentsOfDirectory(
            at: output.appendingPathComponent("tests"), includingPropertiesForKeys: nil)
        let page = try String(contentsOf: try #require(pages.first), encoding: .utf8)
        #expect(page.contains("log line 0\n") && page.contains("log line 299999"))
        #expect(page.contains("not shown …]"))
    }

    @Test func junitExportsAnAttachmentOverTheLimitWhole() throws {
        let (reader, folder) = try Self.bundle()
        let output = folder.appendingPathComponent("a.xml")
        let attachments = folder.appendingPathComponent("attachments")
        let summary = try JUnitExporter(
            options: JUnitExportOptions(flavor: .jenkins, attachmentsDirectory: attachments)
        ).export([reader], to: output)
        #expect(summary.attachments == 1)
        let files = try FileManager.default.contentsOfDirectory(at: attachments, includingPropertiesForKeys: nil)
        let exported = try Data(contentsOf: try #require(files.first))
        #expect(exported.count > 3 << 20 && exported.starts(with: Data("log line 0\n".utf8)))
    }
}
