import Foundation
import ResultModel

extension BundleWriter {
    /// Stores a run's code coverage (format 1.6): `files` in coverage frames of about 1 MiB each, their directory
    /// and the run's totals in the index at close.
    ///
    /// `files` is read once, one file at a time, so a lazy sequence streams. Each file must keep to its order
    /// (``ResultModel/SourceFileCoverage/checkInvariants()``, as every ``ResultModel/CoverageRun`` does) and name
    /// its path once; readers list the files in the order given (a ``ResultModel/CoverageRun``'s is by path).
    /// - Throws: ``BundleError`` `misuse` for a run not begun, a second call for the same run, or a file out of
    ///   order; `limitExceeded` for a file of more than 4,194,304 lines or over the frame limit.
    /// - Complexity: O(lines, branches, functions and regions of the files).
    public func addCoverage(_ files: some Sequence<SourceFileCoverage>, runIndex: Int) throws {
        try checkOpen()
        guard index.runs.indices.contains(runIndex) else {
            throw BundleError(.misuse, "coverage for run \(runIndex), which was not begun", path: url.path)
        }
        guard index.coverage[runIndex] == nil else {
            throw BundleError(.misuse, "run \(runIndex) already has its coverage", path: url.path)
        }
        var directory = RunCoverageDirectory(files: 0, frames: [], totals: CoverageTotals())
        var frame = CoverageFrameBuilder(runIndex: runIndex)
        for file in files {
            try checkCoverage(of: file)
            frame.add(file)
            guard frame.payloadSize <= limits.maxRecordBatchBytes else {
                throw BundleError(
                    .limitExceeded,
                    "the coverage of \(file.path) is over the frame limit of \(limits.maxRecordBatchBytes) bytes",
                    path: url.path)
            }
            if frame.payloadSize >= CoverageFrameLayout.targetPayloadBytes {
                try writeCoverageFrame(frame, into: &directory)
                frame = CoverageFrameBuilder(runIndex: runIndex)
            }
        }
        if frame.fileCount > 0 { try writeCoverageFrame(frame, into: &directory) }
        index.coverage[runIndex] = directory
    }

    private func checkCoverage(of file: SourceFileCoverage) throws {
        guard file.checkInvariants() else {
            throw BundleError(
                .misuse, "the coverage of \(file.path) is not in order (lines, branches, functions, regions)",
                path: url.path)
        }
        guard file.lines.count <= CoverageFileCoding.maxLinesPerFile else {
            throw BundleError(
                .limitExceeded,
                "\(file.path) has coverage of \(file.lines.count) lines, over the limit of \(CoverageFileCoding.maxLinesPerFile)",
                path: url.path)
        }
    }

    private func writeCoverageFrame(_ frame: CoverageFrameBuilder, into directory: inout RunCoverageDirectory) throws {
        let payload = frame.payload()
        let compressed = try payload.withUnsafeBytes { try Compression.deflate($0) }
        try settle()
        directory.frames.append(offset)
        try writeFrame(.coverage, compressed: true, payload: compressed, uncompressedLength: payload.count)
        directory.files += frame.fileCount
        directory.totals.add(totalsOf: frame.totals)
    }
}
