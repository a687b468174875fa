import Coverage
import Testing

struct IstanbulFormatTests {
    @Test func readsCoverageFinalJSONWithIstanbulsOwnTotals() throws {
        // istanbul-reports' text-summary for the same coverage: lines 7/11, functions 2/3, branches 4/6.
        let (run, diagnostics) = CoverageFixtures.read("istanbul/coverage-final.json", sourceRoot: "/build/tally-js")
        #expect(diagnostics == [])
        #expect(run.files.map(\.path) == ["tally.js"])
        #expect(CoverageFixtures.summary(run.totals) == [11, 7, 3, 2, 6, 4])
        let file = try #require(run.file(atPath: "tally.js"))
        #expect(file.count(ofLine: 2) == 3)
        #expect(file.regions.count == 13)
        #expect(file.functions.map(\.name) == ["words", "classify", "(anonymous_2)"])
    }
}
