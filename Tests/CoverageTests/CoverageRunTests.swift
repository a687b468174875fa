import Coverage
import Testing

struct CoverageRunTests {
    private func file(_ path: String, _ lines: [(UInt32, UInt64)], branches: [LineBranches] = []) -> SourceFileCoverage
    {
        SourceFileCoverage(path: path, lines: lines.map { CoveredLine(line: $0.0, count: $0.1) }, branches: branches)
    }

    @Test func mergingSumsHitsAndUnionsLines() throws {
        var run = CoverageRun(files: [file("b.swift", [(1, 1), (3, 0)]), file("a.swift", [(2, 5)])])
        run.merge(CoverageRun(files: [file("b.swift", [(2, 4), (3, 2)]), file("c.swift", [(9, 0)])]))
        #expect(run.files.map(\.path) == ["a.swift", "b.swift", "c.swift"])
        let merged = try #require(run.file(atPath: "b.swift"))
        #expect(
            merged.lines == [
                CoveredLine(line: 1, count: 1), CoveredLine(line: 2, count: 4), CoveredLine(line: 3, count: 2),
            ])
        #expect(run.checkInvariants())
        let totals = run.totals
        #expect(totals.linesFound == 5)
        #expect(totals.linesHit == 4)
    }

    @Test func mergingSaturatesCounts() throws {
        let run = CoverageRun(files: [file("a.c", [(1, .max)]), file("a.c", [(1, .max)])])
        #expect(try #require(run.file(atPath: "a.c")).count(ofLine: 1) == .max)
    }

    @Test func mergingKeepsTheLargerBranchCountsOfALine() throws {
        let run = CoverageRun(files: [
            file("a.c", [], branches: [LineBranches(line: 4, found: 2, hit: 1)]),
            file(
                "a.c", [], branches: [LineBranches(line: 4, found: 2, hit: 2), LineBranches(line: 7, found: 4, hit: 0)]),
        ])
        let merged = try #require(run.file(atPath: "a.c"))
        #expect(merged.branches == [LineBranches(line: 4, found: 2, hit: 2), LineBranches(line: 7, found: 4, hit: 0)])
        #expect(run.totals.branchesFound == 6)
        #expect(run.totals.branchesHit == 2)
    }

    @Test func mergingSumsFunctionsAndRegionsOfTheSameExtent() throws {
        var left = SourceFileCoverage(path: "a.go")
        left.functions = [CoveredFunction(name: "f", line: 3, count: 2)]
        left.regions = [CoveredRegion(startLine: 3, startColumn: 1, endLine: 5, endColumn: 2, count: 2)]
        var right = left
        right.functions.append(CoveredFunction(name: "g", line: 9, count: 0))
        let merged = try #require(CoverageRun(files: [left, right]).file(atPath: "a.go"))
        #expect(
            merged.functions == [
                CoveredFunction(name: "f", line: 3, count: 4), CoveredFunction(name: "g", line: 9, count: 0),
            ])
        #expect(merged.regions.map(\.count) == [4])
        #expect(merged.totals.functionsFound == 2)
        #expect(merged.totals.functionsHit == 1)
    }
}
