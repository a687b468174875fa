import ArgumentParser
import Coverage
import Foundation
import HTMLReport
import ResultBundle
import ResultModel

/// The coverage `report` shows and the folder its paths are relative to: a run's coverage section read one file at a
/// time when the bundles hold one run with coverage and no `--coverage-file` is given; otherwise every run's coverage
/// and the files given, merged into one ``ResultModel/CoverageRun`` (hits summed, lines unioned).
enum ReportCoverage {
    /// The coverage of `bundles` and `files` (read relative to `sourceRoot`, else the current folder), or `nil` when
    /// there is none. The sources are read from `sourceRoot`, else the run's working directory, where `import` and
    /// `record` made the section's paths relative.
    static func coverage(
        bundles: [BundleReader], files: [String], sourceRoot: String?, quiet: Bool
    ) throws -> (source: any CoverageReportSource, root: URL)? {
        let runs = bundles.flatMap { reader in reader.runsWithCoverage.map { (reader, $0) } }
        if files.isEmpty, runs.count == 1, let (reader, run) = runs.first {
            let recorded = reader.runs.first { $0.index == run }?.record.workingDirectory
            let root = sourceRoot ?? recorded ?? FileManager.default.currentDirectoryPath
            return (BundleCoverageSource(reader: reader, runIndex: run), URL(fileURLWithPath: root))
        }
        guard !files.isEmpty || !runs.isEmpty else { return nil }
        let root = URL(fileURLWithPath: sourceRoot ?? FileManager.default.currentDirectoryPath).standardizedFileURL
        var merged = CoverageRun()
        for (reader, run) in runs {
            if let coverage = try reader.coverage(ofRun: run) { merged.merge(coverage) }
        }
        if !files.isEmpty {
            let read = CoverageImportStep(files: files, sourceRoot: root.path).read()
            if !quiet || !read.failures.isEmpty {
                for diagnostic in read.diagnostics { StandardError.humanLine(diagnostic.description) }
            }
            // A file that cannot be read at all stops the report rather than showing less than was asked for.
            if !read.failures.isEmpty { throw ExitCode(2) }
            merged.merge(read.coverage)
        }
        return (merged, root)
    }
}

/// One run's coverage section as the report reads it: the list of files from the section's tables, each file's
/// lines decoded when its page is written.
final class BundleCoverageSource: CoverageReportSource {
    let reader: BundleReader
    let runIndex: Int
    /// The section's entries by path, read once.
    private var entries: [String: CoverageFileSummary]?

    init(reader: BundleReader, runIndex: Int) {
        self.reader = reader
        self.runIndex = runIndex
    }

    func coverageFiles() throws -> [CoverageReportFile] {
        try summaries().values.map { CoverageReportFile(path: $0.path, totals: $0.totals) }.sorted {
            $0.path < $1.path
        }
    }

    func coverage(ofFile path: String) throws -> SourceFileCoverage? {
        guard let summary = try summaries()[path] else { return nil }
        return try reader.coverage(of: summary)
    }

    private func summaries() throws -> [String: CoverageFileSummary] {
        if let entries { return entries }
        let read = Dictionary(try reader.coverageFiles(ofRun: runIndex).map { ($0.path, $0) }) { first, _ in first }
        entries = read
        return read
    }
}
