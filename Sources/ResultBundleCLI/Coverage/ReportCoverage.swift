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

/// One run's coverage section as the report reads it: the files listed from the section's tables one frame at a
/// time, each file's lines decoded when its page is written. Looking a file up by path (a failure's source excerpt)
/// builds, on first use, a table of the paths' hashes and the files' places: 24 bytes a file, not its path.
final class BundleCoverageSource: CoverageReportSource {
    let reader: BundleReader
    let runIndex: Int
    /// The file being handed to `forEachCoverageFile`'s body: its page asks for its coverage.
    private var current: CoverageFileSummary?
    /// Every file's path hash and place, sorted by hash; read at the first lookup of a path.
    private var places: [(hash: UInt64, location: CoverageFileLocation)]?

    init(reader: BundleReader, runIndex: Int) {
        self.reader = reader
        self.runIndex = runIndex
    }

    func forEachCoverageFile(_ body: (CoverageReportFile) throws -> Void) throws {
        defer { current = nil }
        try reader.forEachCoverageFileSummary(ofRun: runIndex) { summary in
            current = summary
            try body(CoverageReportFile(path: summary.path, totals: summary.totals))
        }
    }

    func coverage(ofFile path: String) throws -> SourceFileCoverage? {
        if let current, current.path == path { return try reader.coverage(of: current) }
        let places = try self.places ?? readPlaces()
        let hash = StableHash.of(path)
        var low = 0
        var high = places.count
        while low < high {
            let middle = (low + high) / 2
            if places[middle].hash < hash { low = middle + 1 } else { high = middle }
        }
        // Paths whose hashes are equal are told apart by the path each file's coverage carries.
        while low < places.count, places[low].hash == hash {
            let coverage = try reader.coverage(at: places[low].location)
            if coverage.path == path { return coverage }
            low += 1
        }
        return nil
    }

    private func readPlaces() throws -> [(hash: UInt64, location: CoverageFileLocation)] {
        var read: [(hash: UInt64, location: CoverageFileLocation)] = []
        read.reserveCapacity(reader.coverageFileCount(ofRun: runIndex))
        try reader.forEachCoverageFileSummary(ofRun: runIndex) { read.append((StableHash.of($0.path), $0.location)) }
        read.sort { $0.hash < $1.hash }
        places = read
        return read
    }
}
