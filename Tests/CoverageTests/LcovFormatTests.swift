import Coverage
import Testing

/// Expected totals are `lcov --summary`'s (and coverage.py's own report's) numbers for the same files, written
/// down when the fixtures were made (Tests/Fixtures/coverage/README.md).
struct LcovFormatTests {
    @Test func readsGeninfoTracefileWithLcovSummaryTotals() throws {
        // lcov --summary --rc lcov_branch_coverage=1: lines 21 of 26, functions 3 of 4, branches 13 of 16.
        let (run, diagnostics) = CoverageFixtures.read("lcov/tally-geninfo.info", sourceRoot: "/build/tally")
        #expect(diagnostics == [])
        #expect(run.files.map(\.path) == ["tally.c"])
        #expect(CoverageFixtures.summary(run.totals) == [26, 21, 4, 3, 16, 13])
        let file = try #require(run.file(atPath: "tally.c"))
        #expect(file.count(ofLine: 14) == 14)
        #expect(file.count(ofLine: 6) == 0)
        #expect(file.functions.first { $0.name == "unused" } == CoveredFunction(name: "unused", line: 25, count: 0))
        #expect(file.branches.first { $0.line == 15 } == LineBranches(line: 15, found: 4, hit: 3))
    }

    @Test func readsCoveragePyTracefileWithItsReportTotals() {
        // coverage report: 24 statements, 8 missed; 10 branches, 4 covered (coverage json's totals); lcov's FNF/FNH.
        let (run, diagnostics) = CoverageFixtures.read("lcov/shapes-coveragepy.lcov", sourceRoot: "/build/shapes")
        #expect(diagnostics == [])
        #expect(run.files.map(\.path) == ["shapes/__init__.py", "shapes/area.py", "test_area.py"])
        #expect(CoverageFixtures.summary(run.totals) == [24, 16, 5, 4, 10, 4])
    }

    @Test func countsTheDALinesWhereLLVMCovsLFAndLHDisagree() throws {
        // `llvm-cov export -format=lcov` of the Swift package in llvm-cov/swift-package: 196 DA lines, 46 hit, while
        // its LF/LH count the lines of closures twice (LF:20 LH:12 beside Tally.swift's 18 DA lines, 10 hit; LF:174
        // LH:26 beside the test runner's 165, 23 hit).
        let (run, diagnostics) = CoverageFixtures.read("lcov/tally-swift-llvm-cov.info", sourceRoot: "/build/Tally")
        #expect(CoverageFixtures.summary(run.totals) == [196, 46, 43, 10, 0, 0])
        #expect(diagnostics.count == 1)
        let warning = try #require(diagnostics.first)
        #expect(warning.message.hasPrefix("LF/LH disagree with the DA lines in 2 records"))
        #expect(warning.message.contains("runner.swift at line 18 declares LF 174 LH 26, its DA lines give 165 and 23"))
    }

    @Test func sumsRecordsOfTheSameFileAndMatchesBranchesByBlockAndBranch() throws {
        let path = try CoverageFixtures.write(
            """
            TN:first
            SF:src/a.c
            DA:1,1
            DA:2,0
            BRDA:2,0,0,1
            BRDA:2,0,1,-
            end_of_record
            TN:second
            SF:src/a.c
            DA:2,3
            DA:5,0
            BRDA:2,0,0,0
            BRDA:2,0,1,2
            end_of_record

            """)
        let (run, diagnostics) = CoverageImporter.read(paths: [path], sourceRoot: "/project")
        #expect(diagnostics == [])
        let file = try #require(run.file(atPath: "src/a.c"))
        #expect(file.lines.map(\.count) == [1, 3, 0])
        #expect(file.branches == [LineBranches(line: 2, found: 2, hit: 2)])
    }

    @Test func warnsWhenLFAndLHDisagreeWithTheDALines() throws {
        let path = try CoverageFixtures.write("SF:a.c\nDA:1,1\nDA:2,0\nLF:3\nLH:2\nend_of_record\n")
        let (run, diagnostics) = CoverageImporter.read(paths: [path], sourceRoot: "/project")
        #expect(run.totals.linesFound == 2)
        #expect(run.totals.linesHit == 1)
        let warning = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("LF 3 LH 2, its DA lines give 2 and 1"))
        #expect(warning.message.contains("the DA lines are counted"))
    }

    @Test func readsLcovTwoFunctionLinesWithEndLines() throws {
        let path = try CoverageFixtures.write(
            "SF:a.py\nFN:4,11,area\nFNDA:2,area\nFNL:0,20,25\nFNA:0,0,never\nDA:4,1\nend_of_record\n")
        let (run, _) = CoverageImporter.read(paths: [path], sourceRoot: "/project")
        let file = try #require(run.file(atPath: "a.py"))
        #expect(
            file.functions == [
                CoveredFunction(name: "area", line: 4, count: 2), CoveredFunction(name: "never", line: 20, count: 0),
            ])
    }
}
