import Coverage
import Testing

/// Expected totals are the file's own `<Summary>` (coverlet wrote it), which coverlet's Cobertura of the same run
/// repeats (`lines-valid="255" lines-covered="156"`).
struct OpenCoverFormatTests {
    @Test func readsCoverletsOpenCoverWithItsSummary() throws {
        // <Summary numSequencePoints="255" visitedSequencePoints="156" numBranchPoints="14" visitedBranchPoints="9"
        // visitedMethods="35" numMethods="67">: coverlet writes one sequence point per line.
        let (run, diagnostics) = CoverageFixtures.read(
            "opencover/coverlet/OpenCover_coverlet.xml", sourceRoot: "/build/reportgenerator")
        #expect(diagnostics == [])
        #expect(run.files.count == 18)
        #expect(CoverageFixtures.summary(run.totals) == [255, 156, 67, 35, 14, 9])
    }

    @Test func spreadsAPointOverItsLinesAndSkipsHiddenPointsAndSkippedMethods() throws {
        let path = try CoverageFixtures.write(
            """
            <CoverageSession><Modules><Module><Files><File uid="1" fullPath="/project/a.cs"/></Files><Classes><Class>
            <Methods><Method visited="true"><Name>System.Void A::Run()</Name><FileRef uid="1"/><SequencePoints>
            <SequencePoint vc="2" sl="3" sc="9" el="5" ec="10" fileid="1"/>
            <SequencePoint vc="0" sl="16707566" sc="0" el="16707566" ec="0" fileid="1"/></SequencePoints>
            <BranchPoints><BranchPoint vc="1" sl="3" path="0" fileid="1"/><BranchPoint vc="0" sl="3" path="1" fileid="1"/>
            </BranchPoints><MethodPoint vc="2"/></Method>
            <Method skippedDueTo="Filter"><Name>System.Void A::Skipped()</Name><FileRef uid="1"/><SequencePoints>
            <SequencePoint vc="0" sl="9" sc="1" el="9" ec="2" fileid="1"/></SequencePoints></Method>
            </Methods></Class></Classes></Module></Modules></CoverageSession>
            """)
        let (run, diagnostics) = CoverageImporter.read(paths: [path], sourceRoot: "/project")
        #expect(diagnostics == [])
        let file = try #require(run.file(atPath: "a.cs"))
        #expect(file.lines.map(\.line) == [3, 4, 5])
        #expect(file.branches == [LineBranches(line: 3, found: 2, hit: 1)])
        #expect(file.functions == [CoveredFunction(name: "System.Void A::Run()", line: 3, count: 2)])
    }
}
