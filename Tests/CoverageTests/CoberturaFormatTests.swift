import Coverage
import Testing

/// Expected totals are the producers' own numbers (coverage.py's report, gcovr's summary, the file's declared
/// `lines-valid`/`lines-covered`), written down when the fixtures were made.
struct CoberturaFormatTests {
    @Test func readsCoveragePyXML() throws {
        let (run, diagnostics) = CoverageFixtures.read("cobertura/shapes-coveragepy.xml", sourceRoot: "/build/shapes")
        #expect(diagnostics == [])
        #expect(run.files.map(\.path) == ["shapes/__init__.py", "shapes/area.py", "test_area.py"])
        #expect(CoverageFixtures.summary(run.totals) == [24, 16, 0, 0, 10, 4])
        let area = try #require(run.file(atPath: "shapes/area.py"))
        #expect(area.branches.first { $0.line == 7 } == LineBranches(line: 7, found: 2, hit: 1))
    }

    @Test func readsGcovrXMLWithMethodsOnce() throws {
        // gcovr --txt: 26 lines, 21 executed; its XML: 16 branches, 13 covered; 4 methods, `unused` never ran.
        let (run, diagnostics) = CoverageFixtures.read("cobertura/tally-gcovr.xml", sourceRoot: "/build/tally")
        #expect(diagnostics == [])
        #expect(CoverageFixtures.summary(run.totals) == [26, 21, 4, 3, 16, 13])
        let file = try #require(run.file(atPath: "tally.c"))
        #expect(file.functions.map(\.name) == ["classify", "count_words", "unused", "main"])
        #expect(file.count(ofLine: 14) == 14)
    }

    @Test func readsIstanbulXMLFromPycoberturasTests() throws {
        // The file declares lines-valid 8, lines-covered 7, branches-valid 2, branches-covered 1. Its source
        // folder is another machine's, so the file is taken relative to the root.
        let (run, diagnostics) = CoverageFixtures.read(
            "cobertura/pycobertura/cobertura-generated-by-istanbul-from-coffeescript.xml", sourceRoot: "/src/app")
        #expect(diagnostics == [])
        #expect(run.files.map(\.path) == ["app.coffee"])
        #expect(CoverageFixtures.summary(run.totals) == [8, 7, 1, 1, 2, 1])
    }

    @Test func readsGcovrsOwnReferenceOutput() throws {
        // gcovr's reference file declares lines-valid 11, lines-covered 7, branches-valid 4, branches-covered 2.
        let (run, diagnostics) = CoverageFixtures.read("cobertura/gcovr/simple1-gcc-8.xml", sourceRoot: "/src/simple1")
        #expect(diagnostics == [])
        #expect(run.files.map(\.path) == ["main.cpp"])
        #expect(CoverageFixtures.summary(run.totals) == [11, 7, 0, 0, 4, 2])
    }

    @Test func warnsWhenTheDeclaredLineRateDisagreesWithTheLines() throws {
        let path = try CoverageFixtures.write(
            """
            <?xml version="1.0" ?>
            <coverage line-rate="0.9" lines-valid="2" lines-covered="1"><sources><source>.</source></sources>
            <packages><package name="p"><classes><class name="a" filename="a.py"><lines>
            <line number="1" hits="1"/><line number="2" hits="0"/>
            </lines></class></classes></package></packages></coverage>
            """)
        let (run, diagnostics) = CoverageImporter.read(paths: [path], sourceRoot: "/project")
        #expect(run.totals.linesHit == 1)
        let warning = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(warning.message.contains("declares a line rate of 0.9"))
        #expect(warning.line == 2)
    }
}
