import Coverage
import Testing

/// The profiles of `go test -covermode=set|count|atomic` on the package in Tests/Fixtures/coverage/go, whose
/// `go.mod` names the module `example.com/tally`. `go tool cover -func` says 50.0% of statements: 5 of the 9 blocks
/// (5 of 10 statements) ran. The lines are worked out by hand from the blocks (each line in a block gets the
/// largest count of the blocks it is in): lines 6-8, 11-18 and 22-27, 17 lines, of which 6, 7, 8, 11, 12, 15, 16,
/// 17 and 18 ran.
struct GoCoverProfileFormatTests {
    @Test(arguments: ["set", "count", "atomic"])
    func readsEveryModeWithTheBlocksAsRegions(mode: String) throws {
        let root = CoverageFixtures.path("go")
        let (run, diagnostics) = CoverageFixtures.read("go/cover.\(mode).out", sourceRoot: root)
        #expect(diagnostics == [])
        #expect(run.files.map(\.path) == ["tally.go"])
        let file = try #require(run.file(atPath: "tally.go"))
        #expect(file.regions.count == 9)
        #expect(file.regions.filter { $0.count > 0 }.count == 5)
        #expect(file.lines.map(\.line) == [6, 7, 8, 11, 12, 13, 14, 15, 16, 17, 18, 22, 23, 24, 25, 26, 27])
        #expect(file.lines.filter { $0.count > 0 }.map(\.line) == [6, 7, 8, 11, 12, 15, 16, 17, 18])
        #expect(file.count(ofLine: 7) == (mode == "set" ? 1 : 3))
    }

    @Test func refusesImportPathsOutsideTheRootsModuleButKeepsOthers() throws {
        let path = try CoverageFixtures.write(
            "mode: count\n_/elsewhere/x.go:1.1,2.2 1 1\nexample.com/tally/a.go:1.1,1.5 1 2\n")
        let (run, diagnostics) = CoverageImporter.read(paths: [path], sourceRoot: CoverageFixtures.path("go"))
        #expect(run.files.map(\.path) == ["a.go"])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.contains("/elsewhere/x.go lies outside the source root") == true)
        #expect(diagnostics.first?.line == 2)
    }
}
