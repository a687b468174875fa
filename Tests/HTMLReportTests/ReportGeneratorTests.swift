import Foundation
import ResultBundle
import ResultModel
import ResultSupport
import Testing
import _TestSupport

@testable import HTMLReport

@Suite struct ReportGeneratorTests {
    static var samples: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.sampleBundles.path)) ?? []
        return names.filter { $0.hasSuffix(".resultbundle") }.sorted().map {
            TestPaths.sampleBundles.appendingPathComponent($0)
        }
    }

    static let hostileBundle = TestPaths.fixture("hostile.resultbundle")

    private func generate(_ sources: [any ResultSource], label: String) throws -> URL {
        let parent = try TestPaths.makeTemporaryDirectory(label)
        let output = parent.appendingPathComponent("site")
        _ = try ReportGenerator(options: ReportOptions(title: "Report", outputDirectory: output)).generate(
            from: sources)
        return output
    }

    private func files(in folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var names: [String] = []
        while let name = enumerator?.nextObject() as? String { names.append(name) }
        return names.sorted()
    }

    @Test func theHostileFixtureIsCommittedAndCurrent() throws {
        let memory = InMemoryResults()
        try HostileResults.write(into: memory)
        if ProcessInfo.processInfo.environment["RECORD_SAMPLES"] != nil {
            let writer = try BundleWriter(creating: Self.hostileBundle, flushPolicy: .batched)
            try HostileResults.write(into: writer)
            try writer.close()
        }
        let reader = try BundleReader(url: Self.hostileBundle)
        var tests: [TestRecord] = []
        try reader.forEachTest { tests.append($0) }
        #expect(tests.map(\.id) == memory.tests.map(\.id))
    }

    @Test func hostileTextIsEscapedAndNothingLandsOutsideTheFolder() throws {
        let memory = InMemoryResults()
        try HostileResults.write(into: memory)
        let site = try generate([memory], label: "hostile")
        let parent = site.deletingLastPathComponent()
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["site"])
        for name in files(in: site) where name.hasSuffix(".html") {
            let html = try String(contentsOf: site.appendingPathComponent(name), encoding: .utf8)
            #expect(!html.contains(HostileResults.script), "\(name) holds a raw script tag")
            #expect(!html.contains("<img src=x"), "\(name) holds a raw img tag")
            #expect(!html.contains("onmouseover=\"window"), "\(name) holds a raw attribute")
            #expect(!html.contains("href=\"javascript:"), "\(name) links to javascript:")
            #expect(!html.contains("\u{1B}"), "\(name) holds a raw escape byte")
            // An issue inside a step (the activity tree) showed its escape sequence as `�[31m`.
            #expect(!html.contains("[31m"), "\(name) shows an escape sequence's text")
            #expect(html.contains("Content-Security-Policy"))
        }
        for name in files(in: site) {
            #expect(!name.contains(".."))
        }
        let attachments = files(in: site.appendingPathComponent("attachments"))
        #expect(attachments.allSatisfy { !$0.contains("/") && !$0.hasPrefix(".") })
        let svgPages = try files(in: site).filter { $0.hasSuffix(".html") }.map {
            try String(contentsOf: site.appendingPathComponent($0), encoding: .utf8)
        }
        #expect(!svgPages.contains { $0.contains("<img src=\"../attachments/") && $0.contains(".svg\"") })
    }

    @Test(arguments: samples)
    func everyFailedTestIsReachableFromTheIndexByLinks(bundle: URL) throws {
        let reader = try BundleReader(url: bundle)
        let site = try generate([reader], label: "links")
        let failed = try String(contentsOf: site.appendingPathComponent("failed.html"), encoding: .utf8)
        let index = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        let all = try FileManager.default.contentsOfDirectory(atPath: site.path).filter { $0.hasPrefix("all-") }
            .map { try String(contentsOf: site.appendingPathComponent($0), encoding: .utf8) }.joined()
        #expect(index.contains("href=\"failed.html\""))
        var failures = 0
        try reader.forEachTest { test in
            guard test.status.isFailure else { return }
            failures += 1
            let name = HTMLEscaping.escape(test.displayName ?? test.identity.name)
            let page = ReportPaths.testPage(id: test.id, runIndex: test.runIndex)
            if FileManager.default.fileExists(atPath: site.appendingPathComponent(page).path) {
                #expect(failed.contains("href=\(page)>\(name)</a>"), "\(test.id)")
                return
            }
            // No page: the test's row in failed.html shows every issue and links to its row in the all-tests list,
            // which links back.
            let anchor = ReportPaths.anchor(id: test.id, runIndex: test.runIndex)
            let start = try #require(failed.range(of: "<tr id=\(anchor)>"), "\(test.id) has no row")
            let end = failed[start.upperBound...].range(of: "<tr ")?.lowerBound ?? failed.endIndex
            let row = failed[start.lowerBound..<end]
            #expect(row.contains(".html#\(anchor)>\(name)</a>"), "\(test.id)")
            #expect(all.contains("<tr id=\(anchor)><td><a href=failed.html#\(anchor)>\(name)</a>"), "\(test.id)")
            #expect(index.contains("failed.html#\(anchor)"), "\(test.id)")
            for issue in test.finalAttempt?.issues ?? [] {
                #expect(row.contains(HTMLEscaping.escape(DisplayText.clean(issue.message))), "\(test.id)")
                // The details as shown: without the lines that only repeat the message.
                if let details = issue.displayedDetails.flatMap({
                    IssueHTML.withoutRepeatedMessage($0, message: issue.message)
                }) {
                    #expect(row.contains(HTMLEscaping.escape(DisplayText.clean(details))), "\(test.id)")
                }
            }
        }
        #expect(failures > 0)
    }

    @Test func measurementsGetAChartWithAverageBaselineAndThreshold() throws {
        let memory = InMemoryResults()
        let run = try memory.beginRun(RunRecord(producer: "t", source: "t"))
        let measurement = MeasurementRecord(
            metricID: "time", name: "Time", unit: "s", values: [1, 1.02, 0.98], baselineAverage: 0.5)
        try memory.addTest(
            TestRecord(
                runIndex: run, identity: TestIdentity(suites: ["S"], name: "perf"),
                attempts: [TestAttempt(status: .passed, measurements: [measurement])]))
        let site = try generate([memory], label: "chart")
        let page = try String(
            contentsOf: site.appendingPathComponent(ReportPaths.testPage(id: "S/perf", runIndex: 0)), encoding: .utf8)
        #expect(page.contains("<svg class=\"chart\""))
        #expect(page.components(separatedBy: "<circle class=\"value\"").count == 4)
        #expect(
            page.contains("class=\"average\"") && page.contains("class=\"baseline\"")
                && page.contains("class=\"threshold\""))
        #expect(page.contains("worse than the baseline"))
    }

    @Test func shortStoriesAreShownInFullInTheirRowsAndLongerOnesGetAPage() throws {
        let memory = InMemoryResults()
        let run = try memory.beginRun(RunRecord(producer: "t", source: "t"))
        let short = TestAttempt(
            status: .failed,
            issues: [
                IssueRecord(
                    kind: .assertion, message: "expected <1>", location: SourceLocation(file: "S.swift", line: 3),
                    details: "first detail\nsecond detail")
            ], output: CapturedOutput(text: "\u{1B}[31mred words\u{1B}[0m and plain"))
        let long = TestAttempt(
            status: .failed, issues: [IssueRecord(kind: .assertion, message: "long")],
            output: CapturedOutput(text: String(repeating: "a line of output\n", count: 200)))
        let tests = [
            TestRecord(runIndex: run, identity: TestIdentity(suites: ["S"], name: "short"), attempts: [short]),
            TestRecord(runIndex: run, identity: TestIdentity(suites: ["S"], name: "long"), attempts: [long]),
            TestRecord(runIndex: run, identity: TestIdentity(suites: ["S"], name: "retried"), attempts: [long, short]),
            TestRecord(
                runIndex: run, identity: TestIdentity(suites: ["S"], name: "quiet"),
                attempts: [TestAttempt(status: .passed)]),
        ]
        for test in tests { try memory.addTest(test) }
        let site = try generate([memory], label: "rows")
        func hasPage(_ name: String) -> Bool {
            FileManager.default.fileExists(
                atPath: site.appendingPathComponent(ReportPaths.testPage(id: "S/\(name)", runIndex: 0)).path)
        }
        #expect(!hasPage("short") && !hasPage("quiet"))
        #expect(hasPage("long") && hasPage("retried"))
        let failed = try String(contentsOf: site.appendingPathComponent("failed.html"), encoding: .utf8)
        let all = try String(contentsOf: site.appendingPathComponent("all-1.html"), encoding: .utf8)
        let anchor = ReportPaths.anchor(id: "S/short", runIndex: 0)
        // failed.html's row shows everything and links to the test's place in the all-tests list; that row links
        // back, without repeating the story.
        #expect(
            failed.contains(
                "<tr id=\(anchor)><td><a href=all-1.html#\(anchor)>short</a> <span class=place>(no module) › S</span>"
                    + "<td class=failed>"))
        #expect(failed.contains("<pre class=\"message\">expected &lt;1&gt;</pre>"))
        #expect(failed.contains("<pre class=\"details\">first detail\nsecond detail</pre>"))
        #expect(failed.contains("<code class=\"location\">S.swift:3</code>"))
        #expect(failed.contains("<pre class=\"log\">") && failed.contains(">red words</span> and plain"))
        #expect(
            all.contains(
                "<tr id=\(anchor)><td><a href=failed.html#\(anchor)>short</a><td class=failed>failed<td>"))
        #expect(!all.contains("expected &lt;1&gt;"))
        let index = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("href=\"failed.html#\(anchor)\""))

        // With a source root, an issue's location may have source lines to show: the test gets a page.
        let parent = try TestPaths.makeTemporaryDirectory("rows-source")
        var options = ReportOptions(title: "Report", outputDirectory: parent.appendingPathComponent("site"))
        options.sourceRoot = parent
        _ = try ReportGenerator(options: options).generate(from: [memory])
        #expect(
            FileManager.default.fileExists(
                atPath: options.outputDirectory.appendingPathComponent(ReportPaths.testPage(id: "S/short", runIndex: 0))
                    .path))
    }

    @Test func pathsComeFromIdentitiesNotPositions() {
        let identity = TestIdentity(module: "M", suites: ["S", "Inner"], name: "test")
        #expect(ReportPaths.testHash(identity, runIndex: 0) == ReportPaths.testHash(id: identity.id, runIndex: 0))
        #expect(ReportPaths.testHash(identity, runIndex: 3) == ReportPaths.testHash(id: identity.id, runIndex: 3))
        #expect(ReportPaths.testPage(id: "M/S/test", runIndex: 0) == ReportPaths.testPage(id: "M/S/test", runIndex: 0))
        #expect(ReportPaths.testPage(id: "M/S/test", runIndex: 0) != ReportPaths.testPage(id: "M/S/test2", runIndex: 0))
        #expect(ReportPaths.sanitize("../../etc/passwd", limit: 80) == "____etc_passwd")
    }

    @Test func embeddedTemplatesMatchTheTemplatesFolder() throws {
        let script = TestPaths.packageRoot.appendingPathComponent(
            "Sources/HTMLReport/Rendering/EmbeddedTemplates.swift")
        let embedded = try String(contentsOf: script, encoding: .utf8)
        let folder = TestPaths.packageRoot.appendingPathComponent("Templates")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !name.hasSuffix(".md") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(
                embedded.contains(
                    "\"\(name)\": ####\"\"\"\n" + text.trimmingCharacters(in: .newlines) + "\n\"\"\"####"),
                "\(name) changed: run scripts/embed-templates.py")
        }
    }
}

@Suite struct ReportGoldenTests {
    static let goldens = TestPaths.packageRoot.appendingPathComponent("Tests/HTMLReportTests/Goldens")

    @Test(arguments: ReportGeneratorTests.samples)
    func indexAndFailedPagesMatchTheirGoldens(bundle: URL) throws {
        let parent = try TestPaths.makeTemporaryDirectory("golden")
        let site = parent.appendingPathComponent("site")
        var options = ReportOptions(title: "Golden", outputDirectory: site)
        options.generator = "ResultBundle (golden)"
        options.readsRecordedSourceFolders = false  // the same goldens whatever folders this machine has
        _ = try ReportGenerator(options: options).generate(from: [try BundleReader(url: bundle)])
        let stem = bundle.deletingPathExtension().lastPathComponent
        for page in ["index.html", "failed.html", "all-1.html"] {
            let actual = try String(contentsOf: site.appendingPathComponent(page), encoding: .utf8)
            let golden = Self.goldens.appendingPathComponent("\(stem)-\(page)")
            if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] != nil {
                try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
                try actual.write(to: golden, atomically: true, encoding: .utf8)
            }
            let expected = try String(contentsOf: golden, encoding: .utf8)
            #expect(
                actual == expected, "\(golden.lastPathComponent) differs; review and re-record with RECORD_GOLDENS=1")
        }
    }
}
