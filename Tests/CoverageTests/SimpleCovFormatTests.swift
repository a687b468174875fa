import Coverage
import Testing

/// Expected totals are SimpleCov's own (its console line and `.last_run.json`), written down when the files were made.
struct SimpleCovFormatTests {
    @Test func sumsTheRunsOfAResultsetAsSimpleCovMergesThem() throws {
        // SimpleCov after both runs: 8 / 10 LOC (80.0%) covered, branch coverage 80.0% (4 of 5 outcomes).
        let (run, diagnostics) = CoverageFixtures.read(
            "simplecov/shapes.resultset.json", sourceRoot: "/build/shapes-rb")
        #expect(diagnostics == [])
        #expect(run.files.map(\.path) == ["lib/shapes.rb"])
        #expect(CoverageFixtures.summary(run.totals) == [10, 8, 0, 0, 5, 4])
        let file = try #require(run.file(atPath: "lib/shapes.rb"))
        // `size > 10 ? ...` ran once in each run; `def self.unused` was defined but never called.
        #expect(file.count(ofLine: 13) == 2)
        #expect(file.count(ofLine: 17) == 0)
        #expect(file.branches == [LineBranches(line: 4, found: 3, hit: 2), LineBranches(line: 13, found: 2, hit: 2)])
    }

    @Test func readsTheShapeBeforeSimpleCov018() throws {
        // Counted by hand: code.rb 5 relevant lines, 4 run; code_spec.rb 4 relevant lines, all run.
        let (run, diagnostics) = CoverageFixtures.read(
            "simplecov/upstream/old-coverage-json.resultset.json", sourceRoot: "/project")
        #expect(diagnostics == [])
        #expect(run.files.map(\.path) == ["$$path/lib/code.rb", "$$path/spec/code_spec.rb"])
        #expect(CoverageFixtures.summary(run.totals) == [9, 8, 0, 0, 0, 0])
        #expect(try #require(run.file(atPath: "$$path/lib/code.rb")).count(ofLine: 8) == 0)
    }

    @Test func readsMethodCoverageAndSkipsIgnoredLines() throws {
        let path = try CoverageFixtures.write(
            #"{"RSpec": {"coverage": {"/project/a.rb": {"lines": [null, 1, "ignored", 0], "methods": {"[Shapes, :area, 2, 2, 4, 5]": 3}}}, "timestamp": 1}}"#
        )
        let (run, diagnostics) = CoverageImporter.read(paths: [path], sourceRoot: "/project")
        #expect(diagnostics == [])
        let file = try #require(run.file(atPath: "a.rb"))
        #expect(file.lines == [CoveredLine(line: 2, count: 1), CoveredLine(line: 4, count: 0)])
        #expect(file.functions == [CoveredFunction(name: "Shapes#area", line: 2, count: 3)])
    }
}
