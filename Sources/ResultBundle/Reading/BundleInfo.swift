import Foundation
import ResultModel

/// The summary `resultbundle info` shows: format version, runs with their metadata, totals, and damage.
///
/// Encodes (with `JSONEncoder`) as `{"formatVersion": "1.0", "runs": [...], "totals": {...}, ...}`; the runs are
/// ``RunResult`` values (`index`, `record`, `end`) and the totals ``ResultTotals`` (`tests`, `passed`, `failed`,
/// `skipped`, `expectedFailures`, `warnings`, `interrupted`, `flaky`, `testCases`, `duration`); `notRun` is
/// ``ResultModel/TestsNotRun`` (`count` when the run listed its tests, `afterCrash`).
public struct BundleInfo: Sendable, Hashable, Codable {
    /// The bundle's format version, `major.minor`.
    public var formatVersion: String
    /// The file's size in bytes.
    public var fileSize: Int64
    /// The runs, in order, with their metadata.
    public var runs: [RunResult]
    /// Totals over every test.
    public var totals: ResultTotals
    /// The listed tests that did not run, or that tests after a crash did not (``ResultModel/TestsNotRun``).
    public var notRun: TestsNotRun
    /// Distinct blobs stored.
    public var blobCount: Int
    /// `stored` when the index written at close was used, `rebuilt` when the bundle was scanned.
    public var index: String
    /// Damage found while reading (a torn tail, damaged batches); empty for an intact bundle.
    public var damage: [BundleDamage]
    /// Code coverage (format 1.6), from the index; `nil` (left out of the JSON) when no run has any.
    public var coverage: BundleCoverageInfo?

    /// Computes the summary by reading every test of an open bundle.
    /// - Complexity: O(size of the record batches).
    public init(reader: BundleReader) throws {
        formatVersion = reader.formatVersion.description
        fileSize = reader.fileSize
        runs = reader.runs
        // A 1.2 bundle's index holds them; counting reads every test (15 s for ten million).
        totals = try reader.storedTotals ?? reader.totals()
        notRun = TestsNotRun(runs: reader.runs)
        blobCount = reader.blobCount
        index = reader.indexSource == .stored ? "stored" : "rebuilt"
        damage = reader.damage
        coverage = BundleCoverageInfo(reader: reader)
    }

    /// Opens the bundle at `url` and computes its summary.
    public init(url: URL) throws {
        try self.init(reader: BundleReader(url: url))
    }
}
