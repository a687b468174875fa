import Coverage
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Every export read back by the importer gives the run it was written from, as far as its format carries it
/// (docs/COVERAGE.md, "Export"), for real coverage files of every format read.
struct CoverageExportTests {
    /// Real files of each format and the source root their tests read them with.
    static let inputs: [(path: String, root: String)] = [
        ("lcov/tally-geninfo.info", "/build/tally"),
        ("lcov/tally-swift-llvm-cov.info", "/build/Tally"),
        ("lcov/shapes-coveragepy.lcov", "/build/shapes"),
        ("cobertura/tally-gcovr.xml", "/build/tally"),
        ("cobertura/shapes-coveragepy.xml", "/build/shapes"),
        ("cobertura/pycobertura/cobertura-generated-by-istanbul-from-coffeescript.xml", "/build/coffee"),
        ("coverage.py/shapes.json", "/build/shapes"),
        ("istanbul/coverage-final.json", "/build/tally-js"),
        ("llvm-cov/tally-clang.json", "/build/tally"),
        ("llvm-cov/tally-swift.json", "/build/Tally"),
        ("go/cover.count.out", CoverageFixtures.path("go")),
        ("jacoco/jacoco.xml", CoverageFixtures.path("jacoco")),
    ]

    static func run(_ input: (path: String, root: String)) throws -> CoverageRun {
        let (run, _) = CoverageFixtures.read(input.path, sourceRoot: input.root)
        try #require(!run.files.isEmpty, "\(input.path)")
        return run
    }

    /// `run` with each file changed by `change`.
    static func changing(_ run: CoverageRun, _ change: (inout SourceFileCoverage) -> Void) -> CoverageRun {
        CoverageRun(
            files: run.files.map { file in
                var file = file
                change(&file)
                return file
            })
    }

    /// `run` written in `format` and read back with the same source root.
    static func roundTrip(_ run: CoverageRun, _ format: CoverageExportFormat, root: String) throws -> CoverageRun {
        let options = CoverageExportOptions(sourceRoot: root, timestamp: 1_700_000_000, producer: "test")
        let bytes = try CoverageExporter.bytes(run, format: format, options: options)
        let path = try CoverageFixtures.write(String(decoding: bytes, as: UTF8.self), named: format.suggestedFileName)
        let (read, diagnostics) = CoverageImporter.read(paths: [path], sourceRoot: root)
        #expect(diagnostics == [], "\(format)")
        return read
    }

    @Test(arguments: inputs.indices)
    func jsonExportReadsBackAsTheSameRun(index: Int) throws {
        let input = Self.inputs[index]
        let run = try Self.run(input)
        #expect(try Self.roundTrip(run, .json, root: input.root) == run, "\(input.path)")
    }

    @Test(arguments: inputs.indices)
    func lcovExportReadsBackWithEverythingButRegions(index: Int) throws {
        let input = Self.inputs[index]
        let run = try Self.run(input)
        let expected = Self.changing(run) { $0.regions = [] }
        let read = try Self.roundTrip(run, .lcov, root: input.root)
        #expect(read == expected, "\(input.path)")
        #expect(read.totals == run.totals)
    }

    @Test(arguments: inputs.indices)
    func coberturaExportReadsBackWithItsLinesBranchesAndFunctions(index: Int) throws {
        let input = Self.inputs[index]
        let run = try Self.run(input)
        let expected = Self.changing(run) { file in
            file.regions = []
            // Cobertura has a <line> for a branch only where a line could run, and a method's count only on its line.
            file.branches = file.branches.filter { file.count(ofLine: $0.line) != nil }
            file.functions = file.functions.map { function in
                var function = function
                if function.line == 0 { function.count = 0 }
                return function
            }
        }
        #expect(try Self.roundTrip(run, .cobertura, root: input.root) == expected, "\(input.path)")
    }

    @Test func coberturaNamesTheSourceRootAndGroupsFilesByFolder() throws {
        let run = CoverageRun(files: [
            SourceFileCoverage(path: "src/b/x.c", lines: [CoveredLine(line: 1, count: 1)]),
            SourceFileCoverage(path: "src/a.c", lines: [CoveredLine(line: 1, count: 0)]),
            SourceFileCoverage(path: "top.c", lines: [CoveredLine(line: 2, count: 3)]),
        ])
        let options = CoverageExportOptions(sourceRoot: "/work & play", timestamp: 1_700_000_000.5, producer: "rb 1")
        let xml = String(decoding: try CoverageExporter.bytes(run, format: .cobertura, options: options), as: UTF8.self)
        #expect(xml.contains("<source>/work &amp; play</source>"))
        #expect(xml.contains(#"lines-covered="2" lines-valid="3""#))
        #expect(xml.contains(#"line-rate="0.6667""#))
        #expect(xml.contains(#"timestamp="1700000000500""#))
        let packages = xml.split(separator: "\n").filter { $0.contains("<package ") }.map {
            $0.split(separator: "\"")[1]
        }
        #expect(packages == [".", "src", "src.b"])
    }

    @Test func hostileNamesStayWellFormedInEveryFormat() throws {
        let name = "f<\"&'>\u{1}\u{FFFE}\nnext"
        let run = CoverageRun(files: [
            SourceFileCoverage(
                path: "we\"ird <dir>/a\u{7}b&c.c", lines: [CoveredLine(line: 3, count: .max)],
                functions: [CoveredFunction(name: name, line: 3, count: 1)])
        ])
        for format in [CoverageExportFormat.cobertura, .sonarqube] {
            let xml = try CoverageExporter.bytes(run, format: format)
            let document = try XMLDocument(data: Data(xml))
            #expect(document.rootElement()?.name == "coverage")
        }
        let lcov = String(decoding: try CoverageExporter.bytes(run, format: .lcov), as: UTF8.self)
        #expect(lcov.contains("FN:3,f<\"&'> \u{FFFE} next\n"))
        #expect(lcov.contains("DA:3,18446744073709551615\n"))
        let json = try CoverageExporter.bytes(run, format: .json)
        #expect(try JSONSerialization.jsonObject(with: Data(json)) is [String: Any])
    }

    @Test func sonarQubeMarksLinesCoveredAndTheirBranches() throws {
        let run = CoverageRun(files: [
            SourceFileCoverage(
                path: "src/a.c", lines: [CoveredLine(line: 1, count: 4), CoveredLine(line: 2, count: 0)],
                branches: [LineBranches(line: 1, found: 2, hit: 1), LineBranches(line: 9, found: 2, hit: 0)])
        ])
        let xml = String(decoding: try CoverageExporter.bytes(run, format: .sonarqube), as: UTF8.self)
        #expect(
            xml == """
                <?xml version="1.0" encoding="UTF-8"?>
                <coverage version="1">
                  <file path="src/a.c">
                    <lineToCover lineNumber="1" covered="true" branchesToCover="2" coveredBranches="1"/>
                    <lineToCover lineNumber="2" covered="false"/>
                  </file>
                </coverage>

                """)
    }

    @Test func lcovWritesUntakenBranchesOfALineThatNeverRanAsNotExecuted() throws {
        let run = CoverageRun(files: [
            SourceFileCoverage(
                path: "a.c", lines: [CoveredLine(line: 1, count: 2), CoveredLine(line: 5, count: 0)],
                branches: [LineBranches(line: 1, found: 2, hit: 1), LineBranches(line: 5, found: 2, hit: 0)],
                functions: [CoveredFunction(name: "known", line: 0, count: 7)])
        ])
        let lcov = String(decoding: try CoverageExporter.bytes(run, format: .lcov), as: UTF8.self)
        #expect(
            lcov == """
                TN:
                SF:a.c
                FNDA:7,known
                FNF:1
                FNH:1
                BRDA:1,0,0,1
                BRDA:1,0,1,0
                BRDA:5,0,0,-
                BRDA:5,0,1,-
                BRF:4
                BRH:1
                DA:1,2
                DA:5,0
                LF:2
                LH:1
                end_of_record

                """)
    }

    @Test func jsonOfANewerMajorVersionIsRefusedWithTheVersionItNeeds() throws {
        let path = try CoverageFixtures.write(#"{"schema":"resultbundle-coverage","version":"2.0","files":[]}"#)
        let (run, diagnostics) = CoverageImporter.read(paths: [path], sourceRoot: "/project")
        #expect(run.files.isEmpty)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.contains("version 2.0 needs a newer resultbundle") == true)
    }
}
