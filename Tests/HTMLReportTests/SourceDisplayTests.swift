import Foundation
import ResultBundle
import ResultModel
import ResultSupport
import Testing
import _TestSupport

@testable import HTMLReport

/// Source and paths: without `--source-root`, excerpts come from the run's recorded repository (or working
/// directory) when it is on this machine, nothing outside it is read (`../`, symbolic links), paths are shown
/// relative to it, and `--source-url` links each `file:line` to the forge.
struct SourceDisplayTests {
    /// A repository folder (with `.git`) holding `Tests/A.swift` (ten numbered lines), a symbolic link
    /// `Tests/Out.swift` to a file outside it, and that outside file; and a run recorded in its `Tests` folder with
    /// one failing test per location.
    static func fixture() throws -> (repository: URL, results: InMemoryResults) {
        let parent = try TestPaths.makeTemporaryDirectory("source-display")
        let repository = parent.appendingPathComponent("repo")
        let tests = repository.appendingPathComponent("Tests")
        try FileManager.default.createDirectory(
            at: repository.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        let lines = (1...10).map { "let line\($0) = \($0)" }.joined(separator: "\n")
        try lines.write(to: tests.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        try "let secret = \"outside the root\"\n".write(
            to: parent.appendingPathComponent("outside.swift"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: tests.appendingPathComponent("Out.swift").path,
            withDestinationPath: parent.appendingPathComponent("outside.swift").path)
        let results = InMemoryResults()
        let run = try results.beginRun(
            RunRecord(
                name: "ci", producer: "tests", source: "test", workingDirectory: tests.path,
                environment: [NameValue(name: "vcs.commit", value: "abc1234def")]))
        let locations = [
            ("absolute", tests.appendingPathComponent("A.swift").path, 5),
            ("relative", "A.swift", 6),
            ("escaping", "../../outside.swift", 1),
            ("symlink", "Out.swift", 1),
        ]
        for (name, file, line) in locations {
            var attempt = TestAttempt(status: .failed, duration: 0.01)
            attempt.issues = [
                IssueRecord(
                    kind: .assertion, message: "\(name) failed", location: SourceLocation(file: file, line: line))
            ]
            try results.addTest(
                TestRecord(
                    runIndex: run, identity: TestIdentity(module: "M", suites: ["S"], name: name),
                    attempts: [attempt]))
        }
        return (repository, results)
    }

    static func page(_ site: URL, _ name: String) throws -> String {
        let path = site.appendingPathComponent(ReportPaths.testPage(id: "M/S/\(name)", runIndex: 0))
        return try String(contentsOf: path, encoding: .utf8)
    }

    @Test func excerptsComeFromTheRecordedRepositoryAndStayInsideIt() throws {
        let (repository, results) = try Self.fixture()
        let site = repository.deletingLastPathComponent().appendingPathComponent("site")
        var options = ReportOptions(title: "Report", outputDirectory: site)
        options.sourceURL = "https://forge.example/org/repo/blob/{commit}/{path}#L{line}"
        _ = try ReportGenerator(options: options).generate(from: [results])
        let absolute = try Self.page(site, "absolute")
        #expect(absolute.contains("<span class=\"hit\"><span class=\"ln\">5</span>let line5 = 5</span>"))
        #expect(
            absolute.contains(
                "<a class=\"source-link\" href=\"https://forge.example/org/repo/blob/abc1234def/Tests/A.swift#L5\">"
                    + "<code class=\"location\">Tests/A.swift:5</code></a>"))
        let relative = try Self.page(site, "relative")
        #expect(relative.contains("<span class=\"ln\">6</span>let line6 = 6"))
        #expect(relative.contains("Tests/A.swift#L6"))
        for name in ["escaping", "symlink"] {
            let page = try Self.page(site, name)
            #expect(!page.contains("outside the root"), "\(name) read a file outside the root")
        }
        // Outside the root: shown as resolved, not linked.
        #expect(!(try Self.page(site, "escaping")).contains("source-link"))
        let failed = try String(contentsOf: site.appendingPathComponent("failed.html"), encoding: .utf8)
        #expect(failed.contains("<code>Tests/A.swift:5</code>"))
    }

    @Test func aRunWhoseFolderIsNotHereShowsRelativePathsWithoutExcerpts() throws {
        let results = InMemoryResults()
        let run = try results.beginRun(
            RunRecord(
                name: "ci", producer: "tests", source: "test", workingDirectory: "/nonexistent/checkout",
                environment: [NameValue(name: "vcs.root", value: "/nonexistent/checkout")]))
        var attempt = TestAttempt(status: .failed)
        attempt.issues = [
            IssueRecord(
                kind: .assertion, message: "no",
                location: SourceLocation(file: "/nonexistent/checkout/Tests/B.swift", line: 3))
        ]
        try results.addTest(
            TestRecord(
                runIndex: run, identity: TestIdentity(module: "M", suites: ["S"], name: "t"), attempts: [attempt]))
        let parent = try TestPaths.makeTemporaryDirectory("source-elsewhere")
        let site = parent.appendingPathComponent("site")
        _ = try ReportGenerator(options: ReportOptions(title: "R", outputDirectory: site)).generate(from: [results])
        let failed = try String(contentsOf: site.appendingPathComponent("failed.html"), encoding: .utf8)
        #expect(failed.contains("<code class=\"location\">Tests/B.swift:3</code>"))
        #expect(!failed.contains("/nonexistent/checkout/Tests"))
    }

    @Test(arguments: ["javascript:alert(1)", "https://x/{sha}", "https://x/{path"])
    func aBadSourceURLIsRefusedWithItsPlace(_ template: String) throws {
        let (repository, results) = try Self.fixture()
        var options = ReportOptions(
            title: "R", outputDirectory: repository.deletingLastPathComponent().appendingPathComponent("bad"))
        options.sourceURL = template
        #expect(throws: ReportError.self) { try ReportGenerator(options: options).generate(from: [results]) }
    }

    @Test func theRootPolicy() {
        #expect(SourcePaths.root(explicit: "/a/b/", recordedRoot: "/r", workingDirectory: "/w") == "/a/b")
        #expect(SourcePaths.root(explicit: nil, recordedRoot: "/r", workingDirectory: "/w") == "/r")
        #expect(SourcePaths.root(explicit: nil, recordedRoot: nil, workingDirectory: "/no/such") == "/no/such")
        #expect(SourcePaths.root(explicit: nil, recordedRoot: nil, workingDirectory: nil) == nil)
        let links = SourceLinks(
            root: "/repo", commit: "c0ffee",
            template: try? SourceLinks.template("https://f.example/{commit}/{path}#L{line}"))
        #expect(
            links.url(file: "/repo/Sources/My File.swift", line: 7)
                == "https://f.example/c0ffee/Sources/My%20File.swift#L7")
        #expect(links.url(file: "/elsewhere/x.swift", line: 7) == nil)
        #expect(links.shownPath("/repo/Sources/a.swift") == "Sources/a.swift")
    }
}
