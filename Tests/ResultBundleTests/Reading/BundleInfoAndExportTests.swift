import Foundation
import ResultBundle
import ResultModel
import Testing
import _TestSupport

@Suite struct BundleInfoAndExportTests {
    @Test func infoSummarizesVersionRunsAndTotals() throws {
        let (url, written) = try TestBundles.writeMixed("info")
        let info = try BundleInfo(url: url)
        var expected = ResultTotals()
        for test in written { expected.add(test) }
        #expect(info.formatVersion == "1.9" && info.index == "stored" && info.damage.isEmpty)
        #expect(info.totals == expected)
        #expect(info.totals.tests == 8 && info.totals.failed == 2 && info.totals.skipped == 1)
        #expect(info.totals.expectedFailures == 1 && info.totals.passed == 4 && info.totals.flaky == 1)
        #expect(info.runs.first?.record.host.cpuModel == "AMD EPYC")
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(info)) as? [String: Any]
        let totals = try #require(json?["totals"] as? [String: Any])
        #expect(totals["tests"] as? Int == 8)
        #expect(json?["formatVersion"] as? String == "1.9")
    }

    @Test func jsonExportIsValidVersionedJSONWithEveryTestDetail() throws {
        let (url, written) = try TestBundles.writeMixed("export")
        var text = ""
        try BundleJSONExporter(reader: BundleReader(url: url)).write(to: &text)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["schemaVersion"] as? String == "1.6" && object["formatVersion"] as? String == "1.9")
        let tests = try #require(object["tests"] as? [[String: Any]])
        #expect(tests.map { $0["id"] as? String } == written.map(\.id))
        let divide = try #require(tests.first { ($0["name"] as? String) == "testDivide" })
        #expect((divide["issues"] as? [Any])?.isEmpty == true, "the final attempt had no issues")
        let firstAttempt = try #require((divide["attempts"] as? [[String: Any]])?.first)
        let issue = try #require((firstAttempt["issues"] as? [[String: Any]])?.first)
        #expect(issue["file"] as? String == "Tests/CalcTests/XCTests.swift" && issue["line"] as? Int == 42)
        let activity = try #require((firstAttempt["activities"] as? [[String: Any]])?.first)
        let nested = try #require((activity["activities"] as? [[String: Any]])?.first)
        #expect(nested["title"] as? String == "Type 1 / 0")
        let attachment = try #require((activity["attachments"] as? [[String: Any]])?.first)
        #expect(attachment["size"] as? Int == 4096 && (attachment["sha256"] as? String)?.count == 64)
        let performance = try #require(tests.first { ($0["name"] as? String) == "testPerformance" })
        let measurement = try #require((performance["measurements"] as? [[String: Any]])?.first)
        #expect((measurement["values"] as? [Double])?.count == 10)
        #expect((measurement["verdict"] as? [String: Any])?["outcome"] as? String == "passed")
        #expect(measurement["average"] as? Double != nil && measurement["baseline"] as? Double == 0.09)
        let runs = try #require(object["runs"] as? [[String: Any]])
        #expect(runs.first?["exitCode"] as? Int == 1)
        #expect((object["suites"] as? [Any])?.count == 1)
    }
}
