import Coverage
import Foundation
import ResultImport
import Testing

struct CoverageImporterTests {
    @Test(arguments: [
        ("lcov/tally-geninfo.info", "lcov"), ("lcov/shapes-coveragepy.lcov", "lcov"),
        ("cobertura/shapes-coveragepy.xml", "cobertura"), ("cobertura/tally-gcovr.xml", "cobertura"),
        ("cobertura/pycobertura/cobertura-generated-by-istanbul-from-coffeescript.xml", "cobertura"),
        ("go/cover.set.out", "go"), ("coverage.py/shapes.json", "coverage.py"),
        ("llvm-cov/tally-clang.json", "llvm-cov"),
        ("istanbul/coverage-final.json", "istanbul"), ("jacoco/jacoco.xml", "jacoco"),
    ])
    func detectsEachFormatFromItsContent(fixture: String, format: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: CoverageFixtures.path(fixture))).prefix(64 << 10))
        let detected = try CoverageFormatRegistry.detect(FormatProbe(prefix: bytes, fileName: fixture))
        #expect(detected.name == format)
    }

    @Test(arguments: [
        ("simplecov/shapes.resultset.json", "simplecov"),
        ("simplecov/upstream/old-coverage-json.resultset.json", "simplecov"),
        ("xccov/report.json", "xccov-report"), ("xccov/archive.json", "xccov-archive"),
        ("gcovr/tally-gcovr.json", "gcovr"), ("opencover/coverlet/OpenCover_coverlet.xml", "opencover"),
        ("clover/tally-gcovr.xml", "clover"), ("clover/openclover/Clover_OpenClover4.3.1.xml", "clover"),
        ("sonarqube/tally-gcovr.xml", "sonarqube"), ("sonarqube/upstream/const-functions-gcc-8.xml", "sonarqube"),
    ])
    func detectsEachLaterFormatFromItsContent(fixture: String, format: String) throws {
        try detectsEachFormatFromItsContent(fixture: fixture, format: format)
    }

    @Test(arguments: [
        (
            #"<coverage version="1"><file path="a.c"><lineToCover lineNumber="1" covered="true"/></file></coverage>"#,
            "sonarqube"
        ),
        (
            #"<coverage generated="1" clover="4.4.1"><project timestamp="1"><file name="a.php"/></project></coverage>"#,
            "clover"
        ),
    ])
    func tellsCoverageRootsApartByTheirChildren(text: String, format: String) throws {
        let probe = FormatProbe(prefix: Array(text.utf8), fileName: "other.xml")
        #expect(try CoverageFormatRegistry.detect(probe).name == format)
    }

    @Test func namesTheFirstRefusedPathsAndCountsTheRest() throws {
        let records = (1...25).map { "SF:/outside/f\($0).c\nDA:1,1\nend_of_record\n" }.joined()
        let (run, diagnostics) = CoverageImporter.read(
            paths: [try CoverageFixtures.write(records)], sourceRoot: "/project")
        #expect(run.files.isEmpty)
        #expect(diagnostics.count == 21)
        #expect(diagnostics.last?.message == "5 more source paths outside /project were skipped")
    }

    @Test func mergesFilesOfDifferentFormatsIntoOneRun() throws {
        // The same C program's tracefile (2 runs) and gcovr's XML of the same 2 runs: counts double, lines stay.
        let (run, diagnostics) = CoverageImporter.read(
            paths: [
                CoverageFixtures.path("lcov/tally-geninfo.info"), CoverageFixtures.path("cobertura/tally-gcovr.xml"),
            ],
            sourceRoot: "/build/tally")
        #expect(diagnostics == [])
        let file = try #require(run.file(atPath: "tally.c"))
        #expect(run.totals.linesFound == 26)
        #expect(run.totals.linesHit == 21)
        #expect(file.count(ofLine: 14) == 28)
    }

    @Test func refusesPathsOutsideTheRootPerFile() throws {
        let path = try CoverageFixtures.write(
            "SF:../secret.c\nDA:1,1\nend_of_record\nSF:/etc/passwd\nDA:1,1\nend_of_record\nSF:/project/ok.c\nDA:1,1\nend_of_record\nSF:C:\\\\x\\\\y.cs\nDA:1,1\nend_of_record\nSF:src/../../up.c\nDA:1,1\nend_of_record\n"
        )
        let (run, diagnostics) = CoverageImporter.read(paths: [path], sourceRoot: "/project")
        #expect(run.files.map(\.path) == ["ok.c"])
        #expect(diagnostics.count == 4)
        #expect(diagnostics.allSatisfy { $0.severity == .warning && $0.message.contains("its coverage is skipped") })
        #expect(diagnostics.map(\.line) == [1, 4, 10, 13])
    }

    @Test func takesARelativeSourceRootFromTheCurrentDirectory() throws {
        let here = FileManager.default.currentDirectoryPath
        let path = try CoverageFixtures.write(
            "SF:\(here)/sub/a.c\nDA:1,1\nend_of_record\nSF:\(here)/b.c\nDA:1,1\nend_of_record\n")
        let (run, diagnostics) = CoverageImporter.read(paths: [path], sourceRoot: "sub")
        #expect(run.files.map(\.path) == ["a.c"])
        #expect(diagnostics.count == 1)
    }

    @Test func reportsAnUnreadableOrUnknownFileAndKeepsTheOthers() throws {
        let unknown = try CoverageFixtures.write("hello, this is not coverage\n")
        let (run, diagnostics) = CoverageImporter.read(
            paths: ["/nonexistent/coverage.info", unknown, CoverageFixtures.path("lcov/tally-geninfo.info")],
            sourceRoot: "/build/tally")
        #expect(run.totals.linesFound == 26)
        #expect(diagnostics.map(\.severity) == [.error, .error])
        #expect(diagnostics[0].message.contains("cannot open"))
        #expect(diagnostics[1].message.contains("not coverage in any format read here"))
        #expect(diagnostics[1].file == unknown)
    }
}
