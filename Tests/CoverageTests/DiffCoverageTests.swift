import Coverage
import Testing

struct DiffCoverageTests {
    /// Lines 1-10 could run except 4 and 8; lines 3, 5 and 9 ran.
    static let run = CoverageRun(files: [
        SourceFileCoverage(
            path: "a.c",
            lines: [1, 2, 3, 5, 6, 7, 9, 10].map { CoveredLine(line: $0, count: [3, 5, 9].contains($0) ? 1 : 0) }),
        SourceFileCoverage(path: "b.c", lines: [CoveredLine(line: 1, count: 2)]),
    ])

    @Test func countsChangedLinesThatCouldRunAndMergesUncoveredOnesAcrossLinesThatCannot() {
        let diff = UnifiedDiff(files: [
            ChangedFile(oldPath: "app/a.c", newPath: "app/a.c", addedLines: [1, 2, 4, 6, 7, 8, 9, 10, 11]),
            ChangedFile(oldPath: nil, newPath: "app/b.c", addedLines: [1]),
            ChangedFile(oldPath: nil, newPath: "app/README.md", addedLines: [1, 2]),
            ChangedFile(oldPath: "app/gone.c", newPath: nil),
            ChangedFile(oldPath: nil, newPath: "app/logo.png", isBinary: true),
            ChangedFile(oldPath: "elsewhere/a.c", newPath: "elsewhere/a.c", addedLines: [1]),
        ])
        let coverage = DiffCoverage(run: Self.run, diff: diff, pathPrefix: "app/")
        // a.c: 1 and 2 (not run) are one range; 6, 7 and 10 did not run, 9 did: 6-7 (8 cannot run, so 7 and 10
        // would join but 9 ran between them), 10; 4, 8 and 11 cannot run.
        #expect(
            coverage.files == [
                .init(path: "a.c", isNew: false, linesFound: 6, linesHit: 1, uncoveredRanges: [1...2, 6...7, 10...10]),
                .init(path: "b.c", isNew: true, linesFound: 1, linesHit: 1, uncoveredRanges: []),
            ])
        #expect(coverage.linesFound == 7)
        #expect(coverage.linesHit == 2)
        #expect(coverage.filesWithoutCoverage == ["README.md"])
        #expect(coverage.filesWithUncoveredLines.map(\.path) == ["a.c"])
        #expect(coverage.totals.linesFound == 9)
    }

    @Test func joinsUncoveredLinesWithOnlyLinesThatCannotRunBetween() {
        let diff = UnifiedDiff(files: [ChangedFile(oldPath: "a.c", newPath: "a.c", addedLines: [6, 7, 10])])
        let coverage = DiffCoverage(run: Self.run, diff: diff)
        #expect(coverage.files.first?.uncoveredRanges == [6...7, 10...10])
        let across = UnifiedDiff(files: [ChangedFile(oldPath: "a.c", newPath: "a.c", addedLines: [7, 9, 10, 2, 1, 2])])
        #expect(DiffCoverage(run: Self.run, diff: across).files.first?.uncoveredRanges == [1...2, 7...7, 10...10])
    }

    @Test func percentagesRoundDownAndThresholdsCompareTheExactShare() {
        #expect(CoveragePercent.text(hit: 42, found: 50) == "84%")
        #expect(CoveragePercent.text(hit: 999, found: 1000) == "99.9%")
        #expect(CoveragePercent.text(hit: 9999, found: 10000) == "99.9%")
        #expect(CoveragePercent.text(hit: 1, found: 3) == "33.3%")
        #expect(CoveragePercent.text(hit: 0, found: 0) == nil)
        #expect(CoveragePercent.isBelow(80, hit: 79_999, found: 100_000))
        #expect(!CoveragePercent.isBelow(80, hit: 4, found: 5))
        #expect(!CoveragePercent.isBelow(100, hit: 0, found: 0))
        #expect(CoveragePercent.ranges([1...2, 5...5], dash: "–") == "1–2, 5")
        #expect(CoveragePercent.ranges((1...30).map { $0...$0 }, limit: 2) == "1, 2, and 28 more")
    }

    @Test func rendersTextMarkdownAndJSON() throws {
        let diff = UnifiedDiff(files: [
            ChangedFile(oldPath: "a.c", newPath: "a.c", addedLines: [1, 2, 3]),
            ChangedFile(oldPath: nil, newPath: "notes|*x*.md", addedLines: [1]),
        ])
        let coverage = DiffCoverage(run: Self.run, diff: diff)
        #expect(
            DiffCoverageText.lines(coverage) == [
                "Changed lines: 33.3% ran (1 of 3 changed lines that could run, in 1 file)",
                "Total: 44.4% (4 of 9 lines)",
                "  a.c: 1 of 3 ran (33.3%); not run: 1-2",
                "1 changed file without coverage data: notes|*x*.md",
            ])
        let markdown = DiffCoverageMarkdown.document(coverage)
        #expect(markdown.hasPrefix(DiffCoverageMarkdown.marker))
        #expect(markdown.contains("**33.3%** of the changed lines ran (1 of 3) · total 44.4% (4 of 9 lines)"))
        #expect(markdown.contains("| a.c | 1 of 3 (33.3%) | 1–2 |"))
        #expect(markdown.contains("notes&#124;&#42;x&#42;.md"))
        let json = DiffCoverageJSON.document(coverage)
        #expect(json.hasPrefix(#"{"schema":"resultbundle-coverage-diff","version":"1.0","#))
        #expect(json.contains(#"{"path":"a.c","isNew":false,"linesFound":3,"linesHit":1,"uncovered":[[1,2]]}"#))
        #expect(json.contains(#""filesWithoutCoverage":["notes|*x*.md"]"#))
    }
}
