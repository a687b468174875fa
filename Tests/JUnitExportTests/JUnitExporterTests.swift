import Foundation
import FoundationXML
import JUnitExport
import ResultBundle
import ResultModel
import ResultSupport
import Testing
import _TestSupport

@Suite struct JUnitExporterTests {
    static let schemas: [JUnitFlavor: String] = [
        .jenkins: "jenkins-junit.xsd", .xunit: "junit-10.xsd", .surefire: "surefire-test-report.xsd",
    ]

    static var cases: [(URL?, JUnitFlavor)] {
        (FixtureBundles.samples.map { Optional($0) } + [nil]).flatMap { bundle in
            JUnitFlavor.allCases.map { (bundle, $0) }
        }
    }

    private func source(_ bundle: URL?) throws -> any ResultSource {
        if let bundle { return try BundleReader(url: bundle) }
        return try FixtureBundles.hostile()
    }

    @Test(arguments: cases)
    func everyFlavorValidatesAgainstItsSchema(bundle: URL?, flavor: JUnitFlavor) throws {
        let directory = try TestPaths.makeTemporaryDirectory("junit")
        let output = directory.appendingPathComponent(flavor == .surefire ? "reports" : "junit.xml")
        let summary = try JUnitExporter(
            options: JUnitExportOptions(flavor: flavor, attachmentsDirectory: directory.appendingPathComponent("att"))
        )
        .export([try source(bundle)], to: output)
        #expect(!summary.files.isEmpty)
        for file in summary.files {
            let problems = try SchemaValidation.problems(file, schema: Self.schemas[flavor]!)
            #expect(
                problems == nil,
                "\(file.lastPathComponent) (\(bundle?.lastPathComponent ?? "hostile")): \(problems ?? "")")
        }
    }

    @Test(arguments: FixtureBundles.samples)
    func countsEqualTheirChildren(bundle: URL) throws {
        let directory = try TestPaths.makeTemporaryDirectory("junit-counts")
        let output = directory.appendingPathComponent("junit.xml")
        _ = try JUnitExporter(options: JUnitExportOptions()).export([try BundleReader(url: bundle)], to: output)
        let document = try XMLDocument(contentsOf: output)
        let suites = try document.nodes(forXPath: "//testsuite")
        for case let suite as XMLElement in suites {
            let cases = suite.elements(forName: "testcase")
            let failures = cases.filter { !$0.elements(forName: "failure").isEmpty }.count
            let errors = cases.filter { !$0.elements(forName: "error").isEmpty }.count
            let skipped = cases.filter { !$0.elements(forName: "skipped").isEmpty }.count
            #expect(suite.attribute(forName: "tests")?.stringValue == String(cases.count))
            #expect(suite.attribute(forName: "failures")?.stringValue == String(failures))
            #expect(suite.attribute(forName: "errors")?.stringValue == String(errors))
            #expect(suite.attribute(forName: "skipped")?.stringValue == String(skipped))
            for testCase in cases {
                let time = testCase.attribute(forName: "time")?.stringValue ?? ""
                #expect(
                    time.range(of: #"^\d+\.\d{3}$"#, options: String.CompareOptions.regularExpression) != nil,
                    "time \(time)")
            }
        }
        let total = try BundleReader(url: bundle).totals()
        #expect(try document.nodes(forXPath: "//testcase").count == total.tests)
    }

    @Test func hostileTextIsCleanedAndAttachmentsStayInTheirFolder() throws {
        let directory = try TestPaths.makeTemporaryDirectory("junit-hostile")
        let attachments = directory.appendingPathComponent("att")
        let output = directory.appendingPathComponent("junit.xml")
        _ = try JUnitExporter(options: JUnitExportOptions(attachmentsDirectory: attachments)).export(
            [try FixtureBundles.hostile()], to: output)
        let xml = try String(contentsOf: output, encoding: .utf8)
        #expect(!xml.contains("\u{1B}") && !xml.contains("\u{0}") && !xml.contains("\u{FFFE}"))
        #expect(xml.contains("[[ATTACHMENT|att/"))
        let written = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(written == ["att", "junit.xml"])
        for name in try FileManager.default.contentsOfDirectory(atPath: attachments.path) {
            #expect(!name.contains("/") && !name.hasPrefix("."))
        }
        _ = try XMLDocument(contentsOf: output)
    }

    @Test(arguments: JUnitFlavor.allCases)
    func nonASCIITextIsWrittenAsUTF8InAttributesAndText(flavor: JUnitFlavor) throws {
        let results = InMemoryResults()
        let run = try results.beginRun(RunRecord(producer: "t", source: "t"))
        let failed = TestAttempt(status: .failed, issues: [IssueRecord(kind: .assertion, message: "(a → b) ≠ 日本")])
        try results.addTest(
            TestRecord(runIndex: run, identity: TestIdentity(suites: ["Süite"], name: "tëst"), attempts: [failed]))
        let directory = try TestPaths.makeTemporaryDirectory("junit-utf8")
        let output = directory.appendingPathComponent(flavor == .surefire ? "reports" : "junit.xml")
        let summary = try JUnitExporter(options: JUnitExportOptions(flavor: flavor)).export([results], to: output)
        let xml = try String(contentsOf: try #require(summary.files.first), encoding: .utf8)
        #expect(xml.contains(#"<testcase name="tëst" classname="Süite""#))
        #expect(xml.contains(#"message="(a → b) ≠ 日本""#))
        #expect(!xml.contains("&#x"))
    }

    @Test func retriesBecomeFlakyElementsInTheXUnitFlavor() throws {
        let results = InMemoryResults()
        let run = try results.beginRun(RunRecord(producer: "t", source: "t"))
        let failed = TestAttempt(status: .failed, issues: [IssueRecord(kind: .assertion, message: "first try failed")])
        try results.addTest(
            TestRecord(
                runIndex: run, identity: TestIdentity(suites: ["S"], name: "flaky"),
                attempts: [failed, TestAttempt(status: .passed)]))
        let directory = try TestPaths.makeTemporaryDirectory("junit-retry")
        let output = directory.appendingPathComponent("junit.xml")
        _ = try JUnitExporter(options: JUnitExportOptions(flavor: .xunit)).export([results], to: output)
        let xml = try String(contentsOf: output, encoding: .utf8)
        #expect(xml.contains("<flakyFailure") && xml.contains("first try failed"))
        #expect(try SchemaValidation.problems(output, schema: "junit-10.xsd") == nil)
    }
}

@Suite struct MarkdownSummaryTests {
    @Test func aHugeRunStaysUnderTheCheckRunLimitAndCountsWhatItLeftOut() throws {
        let results = InMemoryResults()
        let run = try results.beginRun(RunRecord(producer: "t", source: "t"))
        for index in 0..<100_000 {
            let fails = index % 50 == 0
            let attempt = TestAttempt(
                status: fails ? .failed : .passed,
                issues: fails
                    ? [
                        IssueRecord(
                            kind: .assertion, message: "value \(index) was wrong\nsecond line",
                            location: SourceLocation(file: "T.swift", line: index))
                    ] : [])
            try results.addTest(
                TestRecord(
                    runIndex: run, identity: TestIdentity(suites: ["Suite\(index / 100)"], name: "test\(index)"),
                    attempts: [attempt]))
        }
        let markdown = try MarkdownSummary(maxBytes: 65_535).render([results])
        #expect(markdown.utf8.count <= 65_535)
        #expect(markdown.contains("2,000 of 100,000 tests failed"))
        let shown = markdown.components(separatedBy: "<details>").count - 1
        #expect(markdown.contains("\(Counted.noun(2000 - shown, "more failed test")) are not shown"))
        #expect(
            markdown.components(separatedBy: "<details>").count == markdown.components(separatedBy: "</details>").count)
    }

    @Test func aRunsTimeIsItsTestsTimeByTheClock() throws {
        let results = InMemoryResults()
        let run = try results.beginRun(RunRecord(producer: "t", source: "t"))
        // swift-testing runs these in parallel: 200 tests of 5 s each, started within 2 s.
        for index in 0..<200 {
            try results.addTest(
                TestRecord(
                    runIndex: run, identity: TestIdentity(suites: ["Parallel"], name: "test\(index)"),
                    attempts: [TestAttempt(status: .passed, start: 1_000 + Double(index) / 100, duration: 5)]))
        }
        let markdown = try MarkdownSummary().render([results])
        #expect(markdown.contains("| 200 | 200 | 0 | 0 | 7.0 s |"), "\(markdown)")
    }

    @Test func untrustedTextCannotBecomeMarkup() throws {
        let markdown = try MarkdownSummary(reportURL: "javascript:alert(1)").render([try FixtureBundles.hostile()])
        #expect(!markdown.contains("<script") && !markdown.contains("<img"))
        // The text may be shown (inside <pre>, escaped); it must never become a link.
        #expect(!markdown.contains("(javascript:alert(1))") && !markdown.contains("href=\"javascript:"))
    }
}
