import ResultModel

extension BundleRewriter {
    /// Copies each run's coverage to the run it became (`runMap`): decoded and written again, because a coverage
    /// frame names its run. A damaged coverage frame is left out and noted in `reader`'s damage.
    /// - Complexity: one run's coverage in memory at a time.
    func copyCoverage(of reader: BundleReader, runMap: [Int: Int]) throws {
        for runIndex in reader.runsWithCoverage {
            guard let mapped = runMap[runIndex] else { continue }
            var files: [SourceFileCoverage] = []
            try reader.forEachCoverageFile(ofRun: runIndex) { files.append($0) }
            try writer.addCoverage(files, runIndex: mapped)
        }
    }
}
