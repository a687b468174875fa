import Foundation
import ResultModel
import RunComparison
import Testing

/// `compare` shows how coverage changed per file when both runs carry it, files whose coverage fell first.
struct CoverageComparisonTests {
    /// A file whose `hit` first lines of `found` ran.
    static func file(_ path: String, found: UInt32, hit: UInt32) -> SourceFileCoverage {
        SourceFileCoverage(
            path: path, lines: (1...found).map { CoveredLine(line: $0, count: $0 <= hit ? 1 : 0) })
    }

    static let base = CoverageRun(files: [
        file("Fell.swift", found: 10, hit: 9), file("FellMore.swift", found: 10, hit: 5),
        file("Rose.swift", found: 10, hit: 2), file("Same.swift", found: 4, hit: 4),
        file("Gone.swift", found: 3, hit: 1),
    ])
    static let head = CoverageRun(files: [
        file("Fell.swift", found: 10, hit: 8), file("FellMore.swift", found: 10, hit: 1),
        file("Rose.swift", found: 10, hit: 7), file("Same.swift", found: 4, hit: 4),
        file("New.swift", found: 5, hit: 0),
    ])

    @Test func changedFilesFallsFirstThenNewGoneAndRises() throws {
        let coverage = CoverageComparison(base: Self.base, head: Self.head)
        #expect(
            coverage.files.map(\.path) == ["FellMore.swift", "Fell.swift", "New.swift", "Gone.swift", "Rose.swift"])
        #expect(coverage.files[0].linePointsChange.map { ($0 * 10).rounded() } == -400)
        #expect(coverage.base.linesFound == 37 && coverage.base.linesHit == 21)
        #expect(coverage.head.linesFound == 39 && coverage.head.linesHit == 20)
        let points = try #require(coverage.linePointsChange)
        #expect(abs(points - (20.0 / 39 - 21.0 / 37) * 100) < 1e-9)
        #expect(coverage.filesThatFell.map(\.path) == ["FellMore.swift", "Fell.swift"])
    }

    @Test func textMarkdownHTMLAndJSONShowIt() throws {
        var comparison = try RunComparerTests.compare([RunComparerTests.test("a", .passed)], [])
        comparison.coverage = CoverageComparison(base: Self.base, head: Self.head)
        let table = ComparisonText.table(comparison)
        #expect(table.contains("Coverage: 56.7% → 51.2% (−5.5 points), lines 20 of 39"))
        #expect(
            table.contains("Files whose coverage changed (5, 2 fell):\n  FellMore.swift: 50.0% → 10.0% (−40.0 points)"))
        #expect(table.contains("  New.swift: new in HEAD, 0.0% (0 of 5 lines)"))
        #expect(table.contains("  Gone.swift: not in HEAD (was 33.3% (1 of 3 lines))"))
        #expect(!table.contains("Same.swift"))
        let markdown = ComparisonText.markdown(comparison, maxBytes: 10_000)
        #expect(markdown.contains("### Coverage\n\nCoverage: 56.7% → 51.2%"))
        let html = ComparisonHTML.body(comparison, title: "t")
        #expect(html.contains("<h2 id=\"coverage\">Coverage</h2>"))
        #expect(html.contains("<td class=\"num status s-failed\">−40.0 points</td>"))
        let json = try JSONSerialization.jsonObject(with: Data(ComparisonText.json(comparison).utf8)) as? [String: Any]
        let files = (json?["coverage"] as? [String: Any])?["files"] as? [[String: Any]]
        #expect(files?.first?["path"] as? String == "FellMore.swift")
    }

    @Test func withoutCoverageNothingIsShown() throws {
        let comparison = try RunComparerTests.compare([RunComparerTests.test("a", .passed)], [])
        #expect(!ComparisonText.table(comparison).contains("Coverage"))
        #expect(!ComparisonHTML.body(comparison, title: "t").contains("Coverage"))
    }
}
