import Foundation
import ResultBundle
import ResultModel

/// `bench-coverage BUNDLE`: how long the coverage section's reads take: the totals from the index, the list of
/// files with their totals, one file on demand, and every file in full.
enum CoverageBench {
    static func run(bundle: URL) throws {
        let clock = ContinuousClock()
        var reader: BundleReader?
        let opened = try clock.measure { reader = try BundleReader(url: bundle) }
        guard let reader, let runIndex = reader.runsWithCoverage.first else {
            print("no coverage in \(bundle.path)")
            return
        }
        var totals: CoverageTotals?
        let fromIndex = clock.measure { totals = reader.coverageTotals(ofRun: runIndex) }
        var files: [CoverageFileSummary] = []
        let listed = try clock.measure { files = try reader.coverageFiles(ofRun: runIndex) }
        var one: SourceFileCoverage?
        let single = try clock.measure { one = try reader.coverage(of: files[files.count / 2]) }
        var lines = 0
        let every = try clock.measure { try reader.forEachCoverageFile(ofRun: runIndex) { lines += $0.lines.count } }
        print("open \(opened), totals from the index \(fromIndex) (\(totals?.linesFound ?? 0) lines)")
        print("list \(files.count) files with totals \(listed); one file (\(one?.lines.count ?? 0) lines) \(single)")
        print("every file in full (\(lines) lines) \(every)")
    }
}
