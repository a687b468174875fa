import Foundation
import ResultModel

/// The coverage a report shows: the list of files with their totals, and one file's lines, branches and functions
/// on demand, so that the pages of a large project are written one file at a time. A ``Coverage/CoverageRun`` read
/// from coverage files is one; a bundle's coverage section is another.
public protocol CoverageReportSource {
    /// Calls `body` with every file and its totals (paths relative to the source root, `/`-separated), one at a
    /// time, so that the list of a million files is never held as values: the report keeps what its tree needs in
    /// flat storage (``CoverageFileTable``).
    func forEachCoverageFile(_ body: (CoverageReportFile) throws -> Void) throws
    /// The whole coverage of the file at `path`, or `nil` when there is none. Cheapest for the file being handed to
    /// ``forEachCoverageFile(_:)``'s `body`, which is when the report asks for a file's page.
    func coverage(ofFile path: String) throws -> SourceFileCoverage?
}

/// A file's path and totals, what the coverage tree shows of it.
public struct CoverageReportFile: Sendable, Hashable {
    /// The path relative to the source root.
    public var path: String
    /// Its lines, functions and branches found and hit.
    public var totals: CoverageTotals

    /// Creates a summary.
    public init(path: String, totals: CoverageTotals) {
        self.path = path
        self.totals = totals
    }
}

extension CoverageRun: CoverageReportSource {
    public func forEachCoverageFile(_ body: (CoverageReportFile) throws -> Void) rethrows {
        for file in files { try body(CoverageReportFile(path: file.path, totals: file.totals)) }
    }

    public func coverage(ofFile path: String) -> SourceFileCoverage? { file(atPath: path) }
}

/// The coverage a report was given and the folder its paths are relative to.
struct CoverageInput {
    let source: any CoverageReportSource
    let root: URL?
}
