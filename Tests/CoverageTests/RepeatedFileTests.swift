import Coverage
import Testing

/// An input that names a file again after others keeps one builder per mention (no index of every path read), and
/// those are joined as if the file had been named once.
struct RepeatedFileTests {
    @Test func joinsLcovRecordsOfOneFileAcrossOtherFilesMatchingTheirOutcomes() throws {
        let path = try CoverageFixtures.write(
            "SF:a.c\nDA:2,1\nDA:1,1\nBRDA:1,0,0,1\nBRDA:1,0,1,0\nend_of_record\nSF:b.c\nDA:1,1\nend_of_record\n"
                + "SF:a.c\nDA:1,2\nBRDA:1,0,1,3\nFN:1,main\nFNDA:1,main\nend_of_record\n")
        let (run, diagnostics) = CoverageImporter.read(paths: [path], sourceRoot: "/project")
        #expect(diagnostics == [])
        let file = try #require(run.file(atPath: "a.c"))
        #expect(file.lines == [CoveredLine(line: 1, count: 3), CoveredLine(line: 2, count: 1)])
        #expect(file.branches == [LineBranches(line: 1, found: 2, hit: 2)])
        #expect(file.functions == [CoveredFunction(name: "main", line: 1, count: 1)])
        #expect(run.files.map(\.path) == ["a.c", "b.c"])
    }

    @Test func keepsTheLargerCountOfAFileNamedByTwoClassesApart() throws {
        let path = try CoverageFixtures.write(
            """
            <coverage line-rate="1"><packages><package name="p"><classes>
            <class name="A" filename="a.py"><lines><line number="1" hits="2"/></lines></class>
            <class name="B" filename="b.py"><lines><line number="1" hits="1"/></lines></class>
            <class name="A.Inner" filename="a.py"><lines><line number="1" hits="5"/><line number="3" hits="0"/></lines></class>
            </classes></package></packages></coverage>
            """)
        let (run, _) = CoverageImporter.read(paths: [path], sourceRoot: "/project")
        #expect(
            try #require(run.file(atPath: "a.py")).lines == [
                CoveredLine(line: 1, count: 5), CoveredLine(line: 3, count: 0),
            ])
    }
}
