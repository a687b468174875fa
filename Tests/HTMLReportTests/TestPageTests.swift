import Foundation
import ResultBundle
import ResultModel
import Testing
import _TestSupport

@testable import HTMLReport

/// The test page, rendered from ``TestPageResults``: timeline, ids, permalink, gallery, previews.
@Suite struct TestPageTests {
    static let fixture = TestPaths.fixture("test-page.resultbundle")

    private func page(named name: String) throws -> String {
        let memory = InMemoryResults()
        try TestPageResults.write(into: memory)
        let site = try TestPaths.makeTemporaryDirectory("test-page").appendingPathComponent("site")
        _ = try ReportGenerator(options: ReportOptions(title: "Report", outputDirectory: site)).generate(from: [memory])
        let test = try #require(memory.tests.first { $0.identity.name == name })
        let path = ReportPaths.testPage(id: test.id, runIndex: test.runIndex)
        return try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theFixtureIsCommittedAndCurrent() throws {
        let memory = InMemoryResults()
        try TestPageResults.write(into: memory)
        if ProcessInfo.processInfo.environment["RECORD_SAMPLES"] != nil {
            try? FileManager.default.removeItem(at: Self.fixture)
            let writer = try BundleWriter(creating: Self.fixture, flushPolicy: .batched)
            try TestPageResults.write(into: writer)
            try writer.close()
        }
        let reader = try BundleReader(url: Self.fixture)
        var tests: [TestRecord] = []
        try reader.forEachTest { tests.append($0) }
        #expect(tests == memory.tests)
    }

    @Test func theHeadingIsAPermalinkToThePage() throws {
        let memory = InMemoryResults()
        try TestPageResults.write(into: memory)
        let test = try #require(memory.tests.first)
        let path = ReportPaths.testPage(id: test.id, runIndex: test.runIndex)
        let html = try page(named: TestPageResults.retriedTestName)
        let file = try #require(path.split(separator: "/").last)
        #expect(
            html.contains(
                "<h1><a class=\"permalink\" href=\"\(file)\" data-permalink=\"\(path)\" title=\"Link to this test\">"
                    + "\(TestPageResults.retriedTestName)</a></h1>"))
    }

    @Test func theTimelineLinksToEachAttemptsSection() throws {
        let html = try page(named: TestPageResults.retriedTestName)
        for number in 1...3 {
            #expect(html.contains("<a href=\"#attempt-\(number)\">"))
            #expect(html.contains("<section class=\"attempt\" id=\"attempt-\(number)\""))
        }
        #expect(html.contains("<h2 id=\"timeline-heading\">Attempts</h2>"))
        #expect(html.contains("started at +1.5 s"))
        #expect(html.contains("<span class=\"badge st s-passed\">passed</span>"))
    }

    @Test func stepsHaveIdsByAttemptAndPosition() throws {
        let html = try page(named: TestPageResults.retriedTestName)
        for id in ["attempt-1-step-1", "attempt-1-step-1-1", "attempt-1-step-2", "attempt-3-step-2"] {
            #expect(html.contains("<li class=\"activity\" id=\"\(id)\">"), "\(id)")
        }
    }

    @Test func imagesFormAGalleryWhoseZoomIsAnInPageTarget() throws {
        let html = try page(named: TestPageResults.retriedTestName)
        // Each attempt's step holds the screenshot; the last attempt also has four more attachments.
        let id = "attempt-3-attachment-5"
        #expect(html.contains("<li class=\"shot\" id=\"\(id)\">"))
        #expect(html.contains("<a class=\"thumb\" href=\"#\(id)\"><img src=\"../attachments/"))
        #expect(html.contains("<a class=\"close\" href=\"#attempt-3-attachments\">Close"))
        #expect(html.contains("<h3 id=\"attempt-3-attachments\">Attachments</h3>"))
        #expect(html.contains("<span class=\"meta\">image/png, 177 B</span>"))
        // The step that attached it links to it.
        #expect(html.contains("attachment: <a href=\"#\(id)\">cart screen.png</a>"))
    }

    @Test func textAndJSONArePreviewedWithLineNumbersAndEscaped() throws {
        let html = try page(named: TestPageResults.retriedTestName)
        #expect(html.contains("<span class=\"line\">second line &lt;script&gt;window.__pwned=1&lt;/script&gt;</span>"))
        #expect(html.contains("<span class=\"line\">  &quot;zeta&quot;: 1,</span>"))
        #expect(html.contains("<span class=\"line\">{&quot;open&quot;: [1, 2</span>"))
        #expect(!html.contains("<script>window"))
    }

    @Test func measurementStatisticsCarryTheUnit() throws {
        let html = try page(named: TestPageResults.retriedTestName)
        #expect(html.contains("<th scope=\"row\">Average</th><td class=\"num\">0.214 s</td>"))
        #expect(html.contains("<th scope=\"row\">Regression threshold</th><td class=\"num\">0.3 s</td>"))
        #expect(html.contains("<text class=\"axis-label\" x=\"14\""))
    }
}

/// Every test page of the test-page fixture and of two samples, against golden files (re-recorded with
/// `RECORD_GOLDENS=1`, as the index goldens are).
@Suite struct TestPageGoldenTests {
    static let bundles =
        [TestPageTests.fixture]
        + ["v1.0-mixed", "v1.0-examples"].map {
            TestPaths.sampleBundles.appendingPathComponent("\($0).resultbundle")
        }

    @Test(arguments: bundles)
    func testPagesMatchTheirGoldens(bundle: URL) throws {
        let site = try TestPaths.makeTemporaryDirectory("test-page-golden").appendingPathComponent("site")
        var options = ReportOptions(title: "Golden", outputDirectory: site)
        options.generator = "ResultBundle (golden)"
        options.readsRecordedSourceFolders = false
        _ = try ReportGenerator(options: options).generate(from: [try BundleReader(url: bundle)])
        let stem = bundle.deletingPathExtension().lastPathComponent
        let pages = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("tests").path)
        #expect(!pages.isEmpty)
        for page in pages.sorted() {
            let actual = try String(contentsOf: site.appendingPathComponent("tests/\(page)"), encoding: .utf8)
            let golden = ReportGoldenTests.goldens.appendingPathComponent("\(stem)-tests-\(page)")
            if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] != nil {
                try actual.write(to: golden, atomically: true, encoding: .utf8)
            }
            let expected = try String(contentsOf: golden, encoding: .utf8)
            #expect(
                actual == expected, "\(golden.lastPathComponent) differs; review and re-record with RECORD_GOLDENS=1")
        }
    }
}
