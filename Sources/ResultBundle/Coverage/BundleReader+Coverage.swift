import Foundation
import ResultModel

/// One source file of a run's coverage as the bundle lists it: its path and totals, without its lines. Hand it to
/// ``BundleReader/coverage(of:)`` for the file's lines, branches, functions and regions.
public struct CoverageFileSummary: Sendable, Hashable {
    /// The path relative to the run's source root.
    public let path: String
    /// The file's lines, functions and branches found and hit.
    public let totals: CoverageTotals
    /// The file's coverage frame and its place in that frame's table.
    let frameOffset: Int64
    let position: Int

    /// Where the file's coverage is in the bundle, for ``BundleReader/coverage(at:)``: what a reader of many files
    /// keeps instead of the summary (its path is the bulk of a summary).
    public var location: CoverageFileLocation { CoverageFileLocation(frameOffset: frameOffset, position: position) }
}

/// Where one file's coverage is in a bundle: its coverage frame and its place in that frame's table.
public struct CoverageFileLocation: Sendable, Hashable {
    let frameOffset: Int64
    let position: Int
}

/// A coverage frame's payload and table, as read.
struct CoverageFrameRead {
    var offset: Int64
    var payload: [UInt8]
    var table: CoverageFrameLayout.Table
}

extension BundleReader {
    /// The runs that have coverage (format 1.6), in order.
    public var runsWithCoverage: [Int] { index.coverage.keys.sorted() }

    /// A run's coverage totals, read from the index without reading a file (`nil` when the run has no coverage).
    public func coverageTotals(ofRun runIndex: Int) -> CoverageTotals? { index.coverage[runIndex]?.totals }

    /// The number of files in a run's coverage (0 when it has none), from the index.
    public func coverageFileCount(ofRun runIndex: Int) -> Int { index.coverage[runIndex]?.files ?? 0 }

    /// A run's files with their totals, in the order written (by path for coverage written from a
    /// ``ResultModel/CoverageRun``), without decoding any file's lines. A damaged coverage frame's files are left
    /// out and the frame is added to ``damage``.
    /// - Complexity: inflating the run's coverage frames (about 1 MiB each) and reading their tables.
    public func coverageFiles(ofRun runIndex: Int) throws -> [CoverageFileSummary] {
        var files: [CoverageFileSummary] = []
        try forEachCoverageFileSummary(ofRun: runIndex) { files.append($0) }
        return files
    }

    /// Calls `body` with each file of a run's coverage as ``coverageFiles(ofRun:)`` lists them, one coverage frame
    /// in memory at a time, so that a run of a million files is listed without holding a million summaries.
    public func forEachCoverageFileSummary(ofRun runIndex: Int, _ body: (CoverageFileSummary) throws -> Void) throws {
        for offset in index.coverage[runIndex]?.frames ?? [] {
            guard let frame = try coverageFrame(at: offset) else { continue }
            for (position, entry) in frame.table.entries.enumerated() {
                try body(
                    CoverageFileSummary(path: entry.path, totals: entry.totals, frameOffset: offset, position: position)
                )
            }
        }
    }

    /// One file's full coverage: lines, branches, functions and regions.
    /// - Throws: ``BundleError`` when the file's frame or its bytes are damaged.
    /// - Complexity: inflating one coverage frame (none when it is the one read last) and decoding the file.
    public func coverage(of file: CoverageFileSummary) throws -> SourceFileCoverage {
        try coverage(at: file.location)
    }

    /// The full coverage of the file at `location` (from a ``CoverageFileSummary`` of this bundle).
    /// - Throws: ``BundleError`` when the file's frame or its bytes are damaged.
    public func coverage(at location: CoverageFileLocation) throws -> SourceFileCoverage {
        let frame = try checkedCoverageFrame(at: location.frameOffset)
        guard frame.table.entries.indices.contains(location.position) else {
            throw BundleError(
                .misuse, "no file \(location.position) in the coverage frame at byte \(location.frameOffset)")
        }
        do {
            return try CoverageFrameLayout.readFile(frame.table.entries[location.position], in: frame.payload)
        } catch let error as BundleError {
            throw error.located(path: url.path, byteOffset: location.frameOffset)
        }
    }

    /// The coverage of the file at `path` (relative to the source root) in a run, or `nil` when the run has none.
    /// - Complexity: the run's tables (``coverageFiles(ofRun:)``), then one file.
    public func coverage(ofFile path: String, runIndex: Int) throws -> SourceFileCoverage? {
        guard let summary = try coverageFiles(ofRun: runIndex).first(where: { $0.path == path }) else { return nil }
        return try coverage(of: summary)
    }

    /// Calls `body` with each file of a run's coverage in full, in the order written, one coverage frame in memory
    /// at a time. A damaged frame or file is skipped and added to ``damage``.
    public func forEachCoverageFile(ofRun runIndex: Int, _ body: (SourceFileCoverage) throws -> Void) throws {
        for offset in index.coverage[runIndex]?.frames ?? [] {
            guard let frame = try coverageFrame(at: offset) else { continue }
            for entry in frame.table.entries {
                let file: SourceFileCoverage
                do {
                    file = try CoverageFrameLayout.readFile(entry, in: frame.payload)
                } catch {
                    note(CoverageDirectoryScan.damage(offset, error))
                    continue
                }
                try body(file)
            }
        }
    }

    /// A run's whole coverage as one value (`nil` when the run has none). Holds every file in memory: a report
    /// or an export of a large run reads ``forEachCoverageFile(ofRun:_:)`` instead.
    public func coverage(ofRun runIndex: Int) throws -> CoverageRun? {
        guard index.coverage[runIndex] != nil else { return nil }
        var files: [SourceFileCoverage] = []
        try forEachCoverageFile(ofRun: runIndex) { files.append($0) }
        return CoverageRun(files: files)
    }

    /// The coverage frame at `offset`, or `nil` (noted as damage) when it cannot be read.
    private func coverageFrame(at offset: Int64) throws -> CoverageFrameRead? {
        do {
            return try checkedCoverageFrame(at: offset)
        } catch let error as BundleError where error.code != .io {
            note(CoverageDirectoryScan.damage(offset, error))
            return nil
        }
    }

    private func checkedCoverageFrame(at offset: Int64) throws -> CoverageFrameRead {
        if let cachedCoverageFrame, cachedCoverageFrame.offset == offset { return cachedCoverageFrame }
        let frame = try source.checkedFrame(at: offset)
        guard frame.header.type == .coverage else {
            throw BundleError(
                .damaged, "the index points at a \(FrameType.describe(frame.header.typeByte)), not a coverage frame",
                path: url.path, byteOffset: offset)
        }
        let payload = try source.uncompressedPayload(frame)
        let read = CoverageFrameRead(
            offset: offset, payload: payload, table: try CoverageFrameLayout.readTable(payload))
        cachedCoverageFrame = read
        return read
    }
}
