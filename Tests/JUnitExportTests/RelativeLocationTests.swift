import Foundation
import JUnitExport
import ResultModel
import Testing
import _TestSupport

@testable import ResultBundle

/// Source and paths: JUnit shows failure locations relative to the run's repository, as the report and
/// the Markdown summary do, from memory and from a bundle's background-written chunks alike.
@Suite struct RelativeLocationTests {
    /// Two runs, recorded in different repositories, each with a failing test at an absolute path inside it, a
    /// test at a path outside it, and a failing step.
    private func addRuns(to sink: any ResultSink) throws {
        for (name, root) in [("linux", "/ci/checkout"), ("mac", "/Users/ci/repo")] {
            let run = try sink.beginRun(
                RunRecord(
                    name: name, producer: "t", source: "t", workingDirectory: root + "/Tests",
                    environment: [NameValue(name: "vcs.root", value: root)]))
            let inside = IssueRecord(
                kind: .assertion, message: "inside", location: SourceLocation(file: root + "/Tests/A.swift", line: 4))
            let outside = IssueRecord(
                kind: .assertion, message: "outside", location: SourceLocation(file: "/opt/other/B.swift", line: 9))
            var step = ActivityRecord(title: "a step", status: .failed)
            step.issues = [inside]
            var attempt = TestAttempt(status: .failed, duration: 0.1, issues: [inside, outside])
            attempt.activities = [step]
            try sink.addTest(
                TestRecord(
                    runIndex: run, identity: TestIdentity(module: "M", suites: ["S"], name: "test_\(name)"),
                    attempts: [attempt]))
        }
    }

    @Test(arguments: JUnitFlavor.allCases)
    func locationsAreRelativeToEachRunsRepository(_ flavor: JUnitFlavor) throws {
        let directory = try TestPaths.makeTemporaryDirectory("junit-relative-\(flavor)")
        let memory = InMemoryResults()
        try addRuns(to: memory)
        let bundleURL = directory.appendingPathComponent("runs.resultbundle")
        let writer = try BundleWriter(creating: bundleURL)
        try addRuns(to: writer)
        try writer.close()
        for (name, source) in [("memory", memory as any ResultSource), ("bundle", try BundleReader(url: bundleURL))] {
            let output = directory.appendingPathComponent(name + (flavor == .surefire ? "" : ".xml"))
            let summary = try JUnitExporter(options: JUnitExportOptions(flavor: flavor)).export([source], to: output)
            let xml = try summary.files.map { try String(contentsOf: $0, encoding: .utf8) }.joined()
            #expect(xml.contains("Tests/A.swift:4: assertion: inside"), "\(name)")
            #expect(!xml.contains("/ci/checkout/Tests/A.swift"), "\(name)")
            #expect(!xml.contains("/Users/ci/repo/Tests/A.swift"), "\(name)")
            // Outside the repository: shown as recorded.
            #expect(xml.contains("/opt/other/B.swift:9: assertion: outside"), "\(name)")
        }
    }

    @Test func anExplicitRootWins() throws {
        let directory = try TestPaths.makeTemporaryDirectory("junit-relative-explicit")
        let memory = InMemoryResults()
        try addRuns(to: memory)
        var options = JUnitExportOptions()
        options.sourceRoot = "/ci/checkout/Tests"
        let output = directory.appendingPathComponent("junit.xml")
        _ = try JUnitExporter(options: options).export([memory], to: output)
        let xml = try String(contentsOf: output, encoding: .utf8)
        #expect(xml.contains(">A.swift:4: assertion: inside"))
        #expect(xml.contains("/Users/ci/repo/Tests/A.swift:4"))
    }
}
