import Foundation
import HTMLReport
import Testing
import _TestSupport

/// A test's output stored as a blob over the reader's in-memory limit no longer fails `report`: the
/// test's page shows the output's start and end.
@Suite struct LargeOutputBlobReportTests {
    @Test func theReportShowsTheStartAndTheEnd() throws {
        let (reader, folder) = try LargeOutputBundle.make()
        let output = folder.appendingPathComponent("report")
        _ = try ReportGenerator(options: ReportOptions(title: "Report", outputDirectory: output)).generate(
            from: [reader])
        let pages = try FileManager.default.contentsOfDirectory(
            at: output.appendingPathComponent("tests"), includingPropertiesForKeys: nil)
        let page = try String(contentsOf: try #require(pages.first), encoding: .utf8)
        #expect(page.contains("log line 0\n") && page.contains("log line 299999"))
        #expect(page.contains("not shown …]"))
    }
}
