import Coverage
import Testing

/// Expected totals are the producers' own: gcovr's summary, and the `<metrics>` OpenClover wrote for its project.
struct CloverFormatTests {
    @Test func readsGcovrsClover() throws {
        // gcovr --txt of the same run: 26 lines, 21 executed (gcovr's Clover has no methods or conditions).
        let (run, diagnostics) = CoverageFixtures.read("clover/tally-gcovr.xml", sourceRoot: "/build/tally")
        #expect(diagnostics == [])
        #expect(run.files.map(\.path) == ["tally.c"])
        #expect(CoverageFixtures.summary(run.totals) == [26, 21, 0, 0, 0, 0])
    }

    @Test func readsOpenCloverWithItsProjectMetrics() throws {
        // The project's <metrics>: statements 22, covered 15; methods 12, covered 6; conditionals 2, covered 1.
        let (run, diagnostics) = CoverageFixtures.read(
            "clover/openclover/Clover_OpenClover4.3.1.xml", sourceRoot: "/build/reportgenerator")
        #expect(diagnostics == [])
        #expect(run.files.count == 7)
        #expect(CoverageFixtures.summary(run.totals) == [22, 15, 12, 6, 2, 1])
        let file = try #require(run.file(atPath: "test/TestClass.java"))
        #expect(file.branches == [LineBranches(line: 15, found: 2, hit: 1)])
        #expect(file.functions.first == CoveredFunction(name: "SampleFunction() : void", line: 6, count: 1))
    }

    @Test func readsIstanbulsConditionsAsOutcomesTakenAndNot() throws {
        // Istanbul writes the line's count, then the outcomes covered (truecount) and not (falsecount).
        let path = try CoverageFixtures.write(
            """
            <coverage generated="1" clover="3.2.0"><project timestamp="1" name="All files">
            <file name="a.js" path="/project/a.js"><line num="1" count="3" type="cond" truecount="2" falsecount="1"/>
            <line num="2" count="0" type="stmt"/></file></project>
            <testproject><file path="/project/a.test.js"><line num="1" count="1" type="stmt"/></file></testproject>
            </coverage>
            """)
        let (run, diagnostics) = CoverageImporter.read(paths: [path], sourceRoot: "/project")
        #expect(diagnostics == [])
        #expect(run.files.map(\.path) == ["a.js"])
        #expect(CoverageFixtures.summary(run.totals) == [2, 1, 0, 0, 3, 2])
    }
}
