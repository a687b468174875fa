import Coverage
import Testing

/// Expected totals are gcovr's own summaries (`gcovr --txt`, `--json-summary`) of the same data.
struct GcovrFormatTests {
    @Test func readsGcovrJSONWithGcovrsOwnSummary() throws {
        // gcovr --json-summary: 26 lines, 21 covered; 4 functions, 3 covered; 16 branches, 13 covered.
        let (run, diagnostics) = CoverageFixtures.read("gcovr/tally-gcovr.json", sourceRoot: "/build/tally")
        #expect(diagnostics == [])
        #expect(run.files.map(\.path) == ["tally.c"])
        #expect(CoverageFixtures.summary(run.totals) == [26, 21, 4, 3, 16, 13])
        let file = try #require(run.file(atPath: "tally.c"))
        #expect(file.count(ofLine: 14) == 14)
        #expect(file.functions.map(\.name) == ["classify", "count_words", "unused", "main"])
    }

    @Test func readsGcovrsOwnReferenceOutput() throws {
        // gcovr's coverage_summary.json beside it: 16 lines, 16 covered; 5 functions, 5 covered; 4 branches, 2.
        let (run, diagnostics) = CoverageFixtures.read("gcovr/upstream/const-functions-gcc-8.json", sourceRoot: "/src")
        #expect(diagnostics == [])
        #expect(run.files.map(\.path) == ["main.cpp"])
        #expect(CoverageFixtures.summary(run.totals) == [16, 16, 5, 5, 4, 2])
    }

    @Test func leavesOutExcludedEntriesAndWarnsOfANewerMajorVersion() throws {
        let path = try CoverageFixtures.write(
            """
            {"gcovr/format_version": "1.0", "files": [{"lines": [
              {"line_number": 1, "count": 2, "branches": [{"count": 1}, {"count": 0, "gcovr/excluded": true}]},
              {"line_number": 2, "count": 0, "gcovr/excluded": true}], "file": "a.c", "functions": []}]}
            """)
        let (run, diagnostics) = CoverageImporter.read(paths: [path], sourceRoot: "/project")
        #expect(CoverageFixtures.summary(run.totals) == [1, 1, 0, 0, 1, 1])
        #expect(
            diagnostics.map(\.message) == [
                "gcovr JSON format version 1.0 is not 0.x, the version read here; read as 0.x"
            ])
    }
}
