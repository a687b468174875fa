import Coverage
import Testing

struct JaCoCoFormatTests {
    @Test func readsJaCoCoXMLWithJaCoCosOwnCounters() throws {
        // JaCoCo's bundle counters for the same run (Report.java printed them): lines 11 of 19, methods 3 of 6,
        // branches 10 of 16.
        let root = CoverageFixtures.path("jacoco")
        let (run, diagnostics) = CoverageFixtures.read("jacoco/jacoco.xml", sourceRoot: root)
        #expect(diagnostics == [])
        #expect(run.files.map(\.path) == ["src/tally/Tally.java", "src/tally/TallyMain.java"])
        #expect(CoverageFixtures.summary(run.totals) == [19, 11, 6, 3, 16, 10])
        let file = try #require(run.file(atPath: "src/tally/Tally.java"))
        #expect(file.functions.map(\.name) == ["Tally.<init>", "Tally.words", "Tally.classify", "Tally.unused"])
        #expect(file.branches.first { $0.line == 15 } == LineBranches(line: 15, found: 2, hit: 1))
    }

    @Test func namesFilesByPackageWhenNoSourceFolderHoldsThem() {
        let (run, _) = CoverageFixtures.read("jacoco/jacoco.xml", sourceRoot: "/elsewhere")
        #expect(run.files.map(\.path) == ["tally/Tally.java", "tally/TallyMain.java"])
    }
}
