import Coverage
import Foundation
import ResultModel
import Testing
import _TestSupport

/// Inputs made to break a reader: each must give a clear diagnostic with a place, never a crash or a hang.
struct HostileCoverageTests {
    @Test func saturatesCountsPast2To63AndTakesNegativeCountsAsZero() throws {
        let path = try CoverageFixtures.write(
            "SF:a.c\nDA:1,9223372036854775808\nDA:2,99999999999999999999999999\nDA:3,-4\nDA:4,-1\nFNDA:-3,f\nend_of_record\n"
                + "SF:a.c\nDA:2,5\nend_of_record\n")
        let (run, diagnostics) = CoverageImporter.read(paths: [path], sourceRoot: "/project")
        let file = try #require(run.file(atPath: "a.c"))
        #expect(file.lines.map(\.count) == [1 << 63, .max, 0, 0])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.hasPrefix("negative counts: 3 (the first here)") == true)
        #expect(diagnostics.first?.line == 4)
    }

    @Test func keepsLine4000000000AndRefusesLinesPastTheLargest() throws {
        let path = try CoverageFixtures.write(
            "SF:a.c\nDA:4000000000,1\nDA:4294967296,1\nDA:0,1\nDA:-7,1\nDA:123456789012345678901234567890,1\nend_of_record\n"
        )
        let (run, diagnostics) = CoverageImporter.read(paths: [path], sourceRoot: "/project")
        #expect(try #require(run.file(atPath: "a.c")).lines == [CoveredLine(line: 4_000_000_000, count: 1)])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.contains("line numbers outside 1...4294967295: 4") == true)
        #expect(diagnostics.first?.line == 3)
    }

    @Test func refusesGoBlocksSpanningBillionsOfLines() throws {
        let path = try CoverageFixtures.write("mode: count\na.go:1.1,4000000000.2 1 1\na.go:5.1,6.2 1 1\n")
        let start = Date()
        let (run, diagnostics) = CoverageImporter.read(paths: [path], sourceRoot: "/project")
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(try #require(run.file(atPath: "a.go")).lines.map(\.line) == [5, 6])
        #expect(diagnostics.first?.message.contains("blocks spanning more than 100000 lines: 1") == true)
    }

    @Test func refusesLLVMSegmentsStretchingOverBillionsOfLines() throws {
        let path = try CoverageFixtures.write(
            #"{"data":[{"files":[{"filename":"/project/a.c","segments":[[1,1,5,true,true,false],[4000000000,1,0,false,false,false]]}]}]}"#
        )
        let start = Date()
        let (run, diagnostics) = CoverageImporter.read(paths: [path], sourceRoot: "/project")
        #expect(Date().timeIntervalSince(start) < 10)
        // The line where the last segment starts is counted with the count in force, as llvm-cov counts it.
        #expect(
            try #require(run.file(atPath: "a.c")).lines == [
                CoveredLine(line: 1, count: 5), CoveredLine(line: 4_000_000_000, count: 5),
            ])
        #expect(diagnostics.first?.message.contains("stretches of more than 100000 lines") == true)
    }

    /// The start of a document of each JSON format, to be followed by 100,000 open brackets.
    enum DeepJSON: String, CaseIterable {
        case llvmCov = #"{"data":[{"files":[{"filename":"a.c","segments":"#
        case coveragePy = #"{"meta": {"format": 3}, "files": {"a.py": {"executed_lines": "#
        case istanbul = #"{"a.js": {"path": "a.js", "statementMap": "#
        case simpleCov = #"{"RSpec": {"coverage": {"a.rb": {"branches": "#
        case xccovReport = #"{"executableLines": 1, "targets": [{"files": [{"path": "a.swift", "functions": "#
        case xccovArchive = #"{"a.swift": [{"isExecutable": true, "line": "#
        case gcovr = #"{"gcovr/format_version": "0.15", "files": [{"file": "a.c", "lines": "#
    }

    @Test(arguments: DeepJSON.allCases)
    func refusesDeepJSONWithAPlace(start: DeepJSON) throws {
        let path = try CoverageFixtures.write(start.rawValue + String(repeating: "[", count: 100_000))
        let (_, diagnostics) = CoverageImporter.read(paths: [path], sourceRoot: "/project")
        let error = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(error.severity == .error)
        #expect(error.message.contains("nests deeper than 512 levels"))
        #expect(error.line == 1)
        #expect(error.byteOffset != nil)
    }

    @Test(arguments: [
        "lcov/shapes-coveragepy.lcov", "go/cover.count.out",
        "cobertura/pycobertura/cobertura-generated-by-istanbul-from-coffeescript.xml",
        "coverage.py/shapes.json", "llvm-cov/tally-clang.json", "istanbul/coverage-final.json", "jacoco/jacoco.xml",
        "simplecov/shapes.resultset.json", "xccov/report.json", "xccov/archive.json", "gcovr/tally-gcovr.json",
        "opencover/coverlet/OpenCover_coverlet-two-classes.xml", "clover/tally-gcovr.xml",
        "sonarqube/upstream/const-functions-gcc-8.xml",
    ])
    func survivesTruncationAtEveryByte(fixture: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: CoverageFixtures.path(fixture)))
        let folder = try TestPaths.makeTemporaryDirectory("truncated")
        let path = folder.appendingPathComponent("truncated").path
        let root = CoverageFixtures.path("go")
        var failures = 0
        for length in 0..<bytes.count {
            try bytes.prefix(length).write(to: URL(fileURLWithPath: path))
            let (run, diagnostics) = CoverageImporter.read(paths: [path], sourceRoot: root)
            #expect(run.checkInvariants())
            for error in diagnostics where error.severity == .error {
                failures += 1
                #expect(error.file == path)
                if !error.message.contains("not coverage in any format") {
                    #expect(error.line != nil || error.byteOffset != nil, "\(length): \(error.message)")
                }
            }
        }
        // Most prefixes of a file cut mid-record are errors, and the whole file is not.
        #expect(failures > bytes.count / 2)
        let (_, whole) = CoverageImporter.read(paths: [CoverageFixtures.path(fixture)], sourceRoot: root)
        #expect(whole.allSatisfy { $0.severity != .error })
    }
}
