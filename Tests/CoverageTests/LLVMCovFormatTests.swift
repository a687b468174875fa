import Coverage
import Testing

/// Expected totals are `llvm-cov report`'s numbers for the same profile (Tests/Fixtures/coverage/README.md).
struct LLVMCovFormatTests {
    @Test func readsClangExportWithLLVMCovReportTotals() throws {
        // llvm-cov report -show-branch-summary: lines 26 of 31, functions 3 of 4, branches 13 of 16.
        let (run, diagnostics) = CoverageFixtures.read("llvm-cov/tally-clang.json", sourceRoot: "/build/tally")
        #expect(diagnostics == [])
        #expect(run.files.map(\.path) == ["tally.c"])
        #expect(CoverageFixtures.summary(run.totals) == [31, 26, 4, 3, 16, 13])
        let file = try #require(run.file(atPath: "tally.c"))
        #expect(file.functions.first { $0.name.hasSuffix("unused") }?.count == 0)
        #expect(!file.regions.isEmpty)
    }

    @Test func readsSwiftTestCoverageWithLLVMCovReportTotals() throws {
        // `llvm-cov export -format=lcov` of the same profile and test binary: Tally.swift 18 DA lines, 10 hit, and 4
        // of 5 functions; all four files 196 DA lines, 46 hit, 10 of 43 functions; no branches. (Its LF/LH and
        // `llvm-cov report` say 20 and 12, counting the lines of the closure on line 4 again for the closure.)
        let (run, diagnostics) = CoverageFixtures.read("llvm-cov/tally-swift.json", sourceRoot: "/build/Tally")
        #expect(diagnostics == [])
        #expect(run.files.count == 4)
        let file = try #require(run.file(atPath: "Sources/Tally/Tally.swift"))
        #expect(CoverageFixtures.summary(file.totals) == [18, 10, 5, 4, 0, 0])
        #expect(CoverageFixtures.summary(run.totals) == [196, 46, 43, 10, 0, 0])
    }
}
