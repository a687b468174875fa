import Foundation
import ResultModel
import ResultSupport

/// A GitHub-flavored Markdown summary for job summaries and pull-request comments: a verdict line, a counts table
/// per run, the suites with the most failures and the slowest ones (``SuiteRanking``), the failed tests with
/// `file:line` and the first lines of their message in collapsible details, performance regressions, and a link to
/// the HTML report. A run's time is how long its tests took by the clock
/// (``ResultModel/RunEnd/wallClock``, else ``ResultModel/ElapsedTestTime``), not the sum of their durations, which
/// parallel tests inflate; when they ran in parallel, a line under the table gives both, named as such.
///
/// It never exceeds `maxBytes` (GitHub allows 1 MiB per step summary and 65,535 bytes in a check run): entries
/// that do not fit are left out whole, and a line says how many.
public struct MarkdownSummary {
    /// The size limit in bytes.
    public var maxBytes: Int
    /// The HTML report's address, linked when it is an http(s) URL.
    public var reportURL: String?
    /// A label for a failed test (from a history: `new failure`, `failing for 5 runs since abc1234`), shown after
    /// its name; untrusted text, escaped here.
    public var failureLabel: (@Sendable (TestRecord) -> String?)?
    /// Sections added after the others (from a history: the flakiest tests), as title and lines of plain text,
    /// escaped here.
    public var extraSections: [(title: String, lines: [String])] = []
    /// What paths are shown relative to (`--source-root`); without it, each run's recorded repository root or
    /// working directory (as the HTML report does).
    public var sourceRoot: String?
    /// Links each `file:line` to the forge (`--source-url`); set with ``setSourceURL(_:)``, which checks it.
    private var sourceURL: LinkTemplate?

    /// Checks and sets the `--source-url` template.
    /// - Throws: ``JUnitExportError`` naming an unknown placeholder, an unclosed brace or a scheme other than http
    ///   and https.
    public mutating func setSourceURL(_ template: String) throws {
        do {
            sourceURL = try SourceLinks.template(template)
        } catch {
            throw JUnitExportError(
                .badSourceURL, "--source-url: \(error.message)", byteOffset: Int64(error.byteOffset), underlying: error)
        }
    }

    /// Creates a summary renderer.
    public init(maxBytes: Int = 1_048_576, reportURL: String? = nil) {
        self.maxBytes = max(512, maxBytes)
        self.reportURL = reportURL
    }

    /// The Markdown for `sources`.
    public func render(_ sources: [any ResultSource]) throws -> String {
        var totals = ResultTotals()
        var runRows: [String] = []
        var timing = RunTiming(wallClock: 0, summed: 0)
        var failures: [String] = []
        var failureCount = 0
        // The bytes of the failed tests' entries: once they pass maxBytes, no later entry can be shown.
        var failureBytes = 0
        var causes = FailureClusters()
        var regressions: [String] = []
        var regressionCount = 0
        // Only entries that could fit are built: what is shown is a prefix, and no entry is shorter than these.
        let keptFailures = maxBytes / Self.shortestFailureEntry + 1
        let keptRegressions = maxBytes / Self.shortestRegressionLine + 1
        var suites = SuiteRanking()
        var runOrdinal = 0
        for source in sources {
            var perRun: [Int: ResultTotals] = [:]
            var elapsed: [Int: ElapsedTestTime] = [:]
            let places = SourcePlaces(source, explicitRoot: sourceRoot, template: sourceURL)
            func showFailure(_ test: TestRecord) {
                guard failures.count < keptFailures else { return }
                failures.append(failureEntry(test, place: places.links(runIndex: test.runIndex)))
                failureBytes += failures[failures.count - 1].utf8.count
            }
            func showRegressions(_ test: TestRecord) {
                for measurement in test.finalAttempt?.measurements ?? [] where measurement.verdict.isFailure {
                    regressionCount += 1
                    guard regressions.count < keptRegressions else { continue }
                    regressions.append(
                        "- \(MarkdownEscaping.inline(qualifiedName(test))): \(MarkdownEscaping.inline(measurement.name)) — \(MarkdownEscaping.inline(measurement.verdict.reason))"
                    )
                }
            }
            func show(_ test: TestRecord) {
                if test.status.isFailure {
                    failureCount += 1
                    causes.add(test)
                    showFailure(test)
                }
                showRegressions(test)
            }
            let stored = Self.storedRunTotals(of: source)
            var runNames: [Int: (name: String, ordinal: Int)] = [:]
            for run in source.runs {
                runNames[run.index] = (run.record.name ?? "run \(run.index + 1)", runOrdinal)
                runOrdinal += 1
            }
            func rank(_ suite: SuiteTotals) {
                let run = runNames[suite.place.runIndex] ?? ("run \(suite.place.runIndex + 1)", runOrdinal)
                suites.add(suite, runName: run.name, runOrdinal: run.ordinal)
            }
            // The suites come from the stored totals (format 1.9), or else are counted from every test read below.
            let suitesStored = try source.forEachStoredSuiteTotals(where: { suites.takes($0) }, rank)
            var countedSuites = SuiteTotalsTally()
            var readShownOnly = false
            if let stored, suitesStored {
                // The counts and every run's wall clock are known without the passed tests: read only those shown,
                // and of the failed ones, when the causes are stored too, only those whose entries could fit.
                if let counted = try readShownFailures(
                    of: source, causes: causes, keeping: keptFailures - failures.count,
                    whileShowing: { failureBytes < maxBytes }, showFailure, showRegressions)
                {
                    causes = counted
                    failureCount += stored.reduce(0) { $0 + $1.failed }
                    readShownOnly = true
                } else {
                    readShownOnly = try source.forEachTest(in: [.failed, .failingMeasurement]) { show($0) }
                }
            }
            if let stored, readShownOnly {
                for (run, counts) in zip(source.runs, stored) {
                    totals.add(counts)
                    perRun[run.index] = counts
                }
            } else {
                try source.forEachTest { test in
                    totals.add(test)
                    perRun[test.runIndex, default: ResultTotals()].add(test)
                    elapsed[test.runIndex, default: ElapsedTestTime()].add(test)
                    if !suitesStored { countedSuites.add(test) }
                    show(test)
                }
            }
            for suite in countedSuites.suites { rank(suite) }
            for run in source.runs {
                let counts = perRun[run.index] ?? ResultTotals()
                let measured = elapsed[run.index]?.wallClock
                let seconds = run.end?.wallClock ?? measured ?? (counts.tests == 0 ? 0 : nil)
                timing.add(RunTiming(wallClock: seconds, summed: counts.duration))
                let name = MarkdownEscaping.table(run.record.name ?? "run \(run.index + 1)")
                let os = MarkdownEscaping.table(run.record.host.operatingSystem ?? "")
                runRows.append(
                    "| \(name) | \(os) | \(NumberText.count(counts.tests)) | \(NumberText.count(counts.passed)) | \(NumberText.count(counts.failed)) | \(NumberText.count(counts.skipped)) | \(seconds.map(NumberText.duration) ?? "unknown") |"
                )
            }
        }
        var head =
            totals.failed > 0
            ? "## ❌ \(NumberText.count(totals.failed)) of \(Counted.noun(totals.tests, "test")) failed\n\n"
            : totals.tests == 0
                ? "## ⚠️ No tests ran\n\nA run with no test is not a success: check the test command and its filters.\n\n"
                : "## ✅ \(totals.tests == 1 ? "The" : "All") \(Counted.noun(totals.tests, "test")) passed\n\n"
        if let notRun = TestsNotRun(runs: sources.flatMap(\.runs)).sentence {
            head += "⚠️ " + notRun.prefix(1).uppercased() + notRun.dropFirst() + ".\n\n"
        }
        if totals.skipped > 0 || totals.expectedFailures > 0 {
            head +=
                "\(NumberText.count(totals.passed)) passed, \(NumberText.count(totals.failed)) failed, \(NumberText.count(totals.skipped)) skipped, \(Counted.noun(totals.expectedFailures, "expected failure")).\n\n"
        }
        if let url = reportURL, let safe = MarkdownEscaping.safeURL(url) { head += "[Full HTML report](\(safe))\n\n" }
        head += "| Run | OS | Tests | Passed | Failed | Skipped | Wall clock |\n|---|---|---:|---:|---:|---:|---:|\n"
        head += runRows.joined(separator: "\n") + "\n"
        // Both when the sum misleads; the sum alone, named as such, when a run's wall clock is unknown.
        if timing.isParallel || (timing.wallClock == nil && timing.summed > 0) {
            head += "\nTime: " + timing.phrase(NumberText.duration) + ".\n"
        }

        var output = head
        var budget = maxBytes - 200
        let suitesSection = Self.suitesSection(suites, severalRuns: runOrdinal > 1)
        if output.utf8.count + suitesSection.utf8.count < budget { output += suitesSection }
        output += Self.causesSection(causes)
        if !failures.isEmpty {
            output += "\n### Failed tests\n\n"
            var shown = 0
            for entry in failures {
                guard output.utf8.count + entry.utf8.count < budget else { break }
                output += entry
                shown += 1
            }
            if shown < failureCount {
                let hidden = failureCount - shown
                output +=
                    "\n_\(Counted.noun(hidden, "more failed test")) \(hidden == 1 ? "is" : "are") not shown (summary "
                    + "limit \(maxBytes) bytes)._\n"
            }
        }
        budget = maxBytes - 120
        if !regressions.isEmpty {
            output += "\n### Performance regressions\n\n"
            var shown = 0
            for line in regressions {
                guard output.utf8.count + line.utf8.count + 1 < budget else { break }
                output += line + "\n"
                shown += 1
            }
            if shown < regressionCount {
                output += "\n_\(regressionCount - shown) more regressions are not shown._\n"
            }
        }
        for section in extraSections where !section.lines.isEmpty {
            output += "\n### \(MarkdownEscaping.inline(section.title))\n\n"
            var shown = 0
            for line in section.lines {
                let item = "- " + MarkdownEscaping.inline(line) + "\n"
                guard output.utf8.count + item.utf8.count < budget else { break }
                output += item
                shown += 1
            }
            if shown < section.lines.count { output += "\n_\(section.lines.count - shown) more are not shown._\n" }
        }
        return output
    }

    /// Each run's stored totals, when they and every run's wall clock make reading the passed tests unneeded: a
    /// run's time otherwise comes from its tests' own starts and durations.
    private static func storedRunTotals(of source: any ResultSource) -> [ResultTotals]? {
        guard let stored = source.storedRunTotals, stored.count == source.runs.count,
            let timedRuns = source.storedRunsWithTimedTests
        else { return nil }
        let known = source.runs.allSatisfy { $0.end?.wallClock != nil || !timedRuns.contains($0.index) }
        return known ? stored : nil
    }

    /// Reads, through `source`'s test positions, the tests whose measurements fail (calling `showRegressions` with
    /// each) and the failed tests while `showing` says their entries could still be shown, at most `keptFailures`
    /// (calling `showFailure`), after adding the failures' causes the source counted (format 1.8) to `causes`: the
    /// clusters adding every failed test would make, which it returns. `nil`, having read nothing, when the source
    /// has no stored causes that give those clusters exactly, or cannot select the tests; the caller then reads the
    /// failed tests themselves.
    private func readShownFailures(
        of source: any ResultSource, causes: FailureClusters, keeping keptFailures: Int,
        whileShowing showing: () -> Bool, _ showFailure: (TestRecord) -> Void, _ showRegressions: (TestRecord) -> Void
    ) throws -> FailureClusters? {
        var counted = causes
        guard let stored = source.storedFailureCauses, counted.add(storedRuns: stored) else { return nil }
        // Both reads find their tests through the same positions: when the first can select them, so can the second.
        guard try source.forEachTest(in: .failingMeasurement, showRegressions) else { return nil }
        var failedToRead = keptFailures
        do {
            _ = try source.forEachTest(
                in: .failed,
                reading: { _ in
                    failedToRead -= 1
                    return failedToRead >= 0
                }
            ) { test in
                // Entries are shown in file order, each only if it fits after the others.
                guard showing() else { throw EnoughShown() }
                showFailure(test)
            }
        } catch is EnoughShown {}
        return counted
    }

    /// Stops reading failed tests once no later one's entry could be shown.
    private struct EnoughShown: Error {}

    /// No failed test's entry is shorter (`<details><summary><b></b></summary>` and an empty `<pre>`), nor any
    /// regression's line (`- ` name `: ` metric ` — ` reason and a line break).
    static let shortestFailureEntry = 50
    static let shortestRegressionLine = 10

    /// The most causes the summary lists.
    static let causesShown = 10

    /// `### Failure causes`: the failures grouped by cause, largest first, when some cause is shared by more than
    /// one failed test (otherwise the failed tests below say it all).
    static func causesSection(_ causes: FailureClusters) -> String {
        let clusters = causes.largestFirst
        guard let largest = clusters.first, largest.count > 1 else { return "" }
        var section = "\n### Failure causes\n\n| Failures | Cause | Where |\n|---:|---|---|\n"
        for cluster in clusters.prefix(causesShown) {
            let message = MarkdownEscaping.table(String(cluster.sampleMessage.prefix(200)))
            var places = cluster.suites.isEmpty ? cluster.modules : cluster.suites
            if places.isEmpty { places = cluster.files }
            let more = places.count == FailureClusters.maxListed ? ", …" : ""
            let spans = MarkdownEscaping.table(
                places.prefix(3).joined(separator: ", ") + (places.count > 3 ? ", …" : more))
            section += "| \(NumberText.count(cluster.count)) | \(message) | \(spans) |\n"
        }
        if clusters.count > causesShown {
            section += "\n_\(clusters.count - causesShown) more causes are in the report._\n"
        }
        return section
    }

    private func qualifiedName(_ test: TestRecord) -> String {
        ((test.identity.module.map { [$0] } ?? []) + test.identity.suites + [test.displayName ?? test.identity.name])
            .joined(separator: ".")
    }

    /// The most issues one failed test shows, and the most characters of each issue's text.
    static let issuesPerTest = 10
    static let charactersPerIssue = 1500

    /// A failed test: its name and first failing issue's place, then each distinct issue (the failing ones, else all
    /// of them) with its place, message and details (swift-testing's `// comments`, expression values), each cut to
    /// ``charactersPerIssue``.
    private func failureEntry(_ test: TestRecord, place: SourceLinks?) -> String {
        let distinct = test.distinctIssues
        let failing = distinct.filter(\.kind.isFailure)
        let issues = failing.isEmpty ? Array(distinct.prefix(1)) : failing
        var summary = "<b>" + MarkdownEscaping.html(qualifiedName(test)) + "</b>"
        if let label = failureLabel?(test) { summary += " <i>" + MarkdownEscaping.html(label) + "</i>" }
        if let location = issues.first?.location { summary += " " + code(location, place: place) }
        guard !issues.isEmpty else {
            let reason = MarkdownEscaping.html(test.finalAttempt?.statusReason ?? test.status.words)
            return "<details><summary>\(summary)</summary>\n\n<pre>\(reason)</pre>\n\n</details>\n"
        }
        var body = ""
        for (position, issue) in issues.prefix(Self.issuesPerTest).enumerated() {
            if position > 0 { body += issue.location.map { code($0, place: place) + "\n" } ?? "" }
            let text = issue.details.map { issue.message + "\n" + $0 } ?? issue.message
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(12)
            body +=
                "<pre>" + MarkdownEscaping.html(String(lines.joined(separator: "\n").prefix(Self.charactersPerIssue)))
            body += "</pre>\n\n"
        }
        if issues.count > Self.issuesPerTest {
            body += "_\(issues.count - Self.issuesPerTest) more issues are in the report._\n\n"
        }
        return "<details><summary>\(summary)</summary>\n\n\(body)</details>\n"
    }

    /// `<code>File.swift:12</code>`, linked to the forge when a template was given.
    private func code(_ location: SourceLocation, place: SourceLinks?) -> String {
        var shown = location
        shown.file = place?.shownPath(location.file) ?? location.file
        let code = "<code>" + MarkdownEscaping.html(shown.description) + "</code>"
        guard let url = place?.url(file: location.file, line: location.line) else { return code }
        return "<a href=\"" + MarkdownEscaping.html(url) + "\">" + code + "</a>"
    }
}
