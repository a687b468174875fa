import Coverage
import Foundation
import ResultModel
import Testing
import _TestSupport

/// Reading the coverage fixtures in `Tests/Fixtures/coverage/` (their sources are in its README).
enum CoverageFixtures {
    /// The path of `coverage/<relativePath>`.
    static func path(_ relativePath: String) -> String {
        TestPaths.fixture("coverage/" + relativePath).path
    }

    /// Reads one fixture with the importer, failing the test on any diagnostic of severity `error`.
    static func read(_ relativePath: String, sourceRoot: String) -> (CoverageRun, [Diagnostic]) {
        let (run, diagnostics) = CoverageImporter.read(paths: [path(relativePath)], sourceRoot: sourceRoot)
        #expect(diagnostics.filter { $0.severity == .error } == [], "\(relativePath)")
        #expect(run.checkInvariants(), "\(relativePath)")
        return (run, diagnostics)
    }

    /// A file with `text` in a new temporary folder.
    static func write(_ text: String, named name: String = "input") throws -> String {
        let folder = try TestPaths.makeTemporaryDirectory("coverage")
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Totals as `lines found/hit, functions found/hit, branches found/hit`, for compact expectations.
    static func summary(_ totals: CoverageTotals) -> [Int] {
        [
            totals.linesFound, totals.linesHit, totals.functionsFound, totals.functionsHit, totals.branchesFound,
            totals.branchesHit,
        ]
    }
}
