import Coverage
import Testing

/// The xccov files are written by hand in the shape xccov prints (Xcode does not run here); the totals are counted
/// by hand from them (see the fixtures' README).
struct XccovFormatTests {
    @Test func readsTheReportsFunctionsAndSaysItsLinesAreNotKept() throws {
        let (run, diagnostics) = CoverageFixtures.read("xccov/report.json", sourceRoot: "/build/Tally")
        #expect(run.files.map(\.path) == ["Sources/Tally/Tally.swift", "Tests/TallyTests/TallyTests.swift"])
        #expect(CoverageFixtures.summary(run.totals) == [0, 0, 4, 3, 0, 0])
        #expect(
            try #require(run.file(atPath: "Sources/Tally/Tally.swift")).functions.first
                == CoveredFunction(name: "Tally.words(in: Swift.String) -> Swift.Int", line: 3, count: 4))
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(diagnostics.first?.message.contains("12 executable lines, 9 covered, which are not kept") == true)
    }

    @Test func readsTheArchivesLinesAndSubranges() throws {
        // 9 executable lines in Tally.swift (6 ran), 3 in TallyTests.swift (all ran); one subrange that never ran.
        let (run, diagnostics) = CoverageFixtures.read("xccov/archive.json", sourceRoot: "/build/Tally")
        #expect(diagnostics == [])
        #expect(CoverageFixtures.summary(run.totals) == [12, 9, 0, 0, 0, 0])
        let file = try #require(run.file(atPath: "Sources/Tally/Tally.swift"))
        #expect(file.regions == [CoveredRegion(startLine: 5, startColumn: 9, endLine: 5, endColumn: 21, count: 0)])
        #expect(file.count(ofLine: 11) == 0)
    }
}
