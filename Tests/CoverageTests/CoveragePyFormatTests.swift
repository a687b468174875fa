import Coverage
import Testing

struct CoveragePyFormatTests {
    @Test func readsCoverageJSONWithItsReportTotals() throws {
        // coverage report: 24 statements, 8 missed; totals: 10 branches, 4 covered; 5 functions, never_called not run.
        let (run, diagnostics) = CoverageFixtures.read("coverage.py/shapes.json", sourceRoot: "/build/shapes")
        #expect(diagnostics == [])
        #expect(run.files.map(\.path) == ["shapes/__init__.py", "shapes/area.py", "test_area.py"])
        #expect(CoverageFixtures.summary(run.totals) == [24, 16, 5, 4, 10, 4])
        let area = try #require(run.file(atPath: "shapes/area.py"))
        #expect(area.functions.first == CoveredFunction(name: "area", line: 4, count: 1))
        #expect(area.branches.first { $0.line == 9 } == LineBranches(line: 9, found: 2, hit: 0))
    }

    @Test func warnsWhenTheTotalsDisagreeWithTheFiles() throws {
        let path = try CoverageFixtures.write(
            #"{"meta": {"format": 3}, "files": {"a.py": {"executed_lines": [1], "missing_lines": [2]}}, "totals": {"covered_lines": 2, "num_statements": 2}}"#
        )
        let (run, diagnostics) = CoverageImporter.read(paths: [path], sourceRoot: "/project")
        #expect(run.totals.linesHit == 1)
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(diagnostics.first?.message.contains("declares 2 lines hit") == true)
    }
}
