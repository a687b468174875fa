import Coverage
import Testing

/// Expected totals are gcovr's own summaries of the data it wrote the files from.
struct SonarQubeFormatTests {
    @Test func readsGcovrsSonarQubeXML() throws {
        // gcovr --txt: 26 lines, 21 executed; --txt-metric branch: 16 branches, 13 taken.
        let (run, diagnostics) = CoverageFixtures.read("sonarqube/tally-gcovr.xml", sourceRoot: "/build/tally")
        #expect(diagnostics == [])
        #expect(CoverageFixtures.summary(run.totals) == [26, 21, 0, 0, 16, 13])
    }

    @Test func readsGcovrsOwnReferenceOutput() throws {
        // gcovr's coverage_summary.json beside it: 16 lines, 16 covered; 4 branches, 2 covered.
        let (run, diagnostics) = CoverageFixtures.read(
            "sonarqube/upstream/const-functions-gcc-8.xml", sourceRoot: "/src")
        #expect(diagnostics == [])
        #expect(run.files.map(\.path) == ["main.cpp"])
        #expect(CoverageFixtures.summary(run.totals) == [16, 16, 0, 0, 4, 2])
    }

    @Test func notesLinesWhoseCoveredIsNeitherTrueNorFalse() throws {
        let path = try CoverageFixtures.write(
            """
            <coverage version="1"><file path="a.c">
            <lineToCover lineNumber="1" covered="yes"/><lineToCover lineNumber="2" covered="false"/></file></coverage>
            """)
        let (run, diagnostics) = CoverageImporter.read(paths: [path], sourceRoot: "/project")
        #expect(run.totals.linesFound == 1)
        #expect(diagnostics.count == 1)
        #expect(
            diagnostics.first?.message.hasPrefix("<lineToCover> elements whose covered is not true or false: 1") == true
        )
        #expect(diagnostics.first?.line == 2)
    }
}
