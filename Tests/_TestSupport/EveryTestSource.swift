import Foundation
import ResultModel

/// A source that reads every test of the one it wraps, as a bundle without test positions (before format 1.7) is
/// read: what an output makes of it is what it made before positions existed, to compare with the fast reading.
public struct EveryTestSource: ResultSource {
    /// The source read.
    public let base: any ResultSource

    /// Wraps `base`.
    public init(_ base: any ResultSource) { self.base = base }

    public var runs: [RunResult] { base.runs }
    public var storedTotals: ResultTotals? { base.storedTotals }
    public func forEachSuite(_ body: (SuiteRecord) throws -> Void) throws { try base.forEachSuite(body) }
    public func forEachTest(_ body: (TestRecord) throws -> Void) throws { try base.forEachTest(body) }
    public func blobData(_ reference: BlobReference) throws -> Data { try base.blobData(reference) }
    public func blobExcerpt(_ reference: BlobReference, headBytes: Int, tailBytes: Int) throws -> BlobExcerpt {
        try base.blobExcerpt(reference, headBytes: headBytes, tailBytes: tailBytes)
    }
    public func copyBlob(_ reference: BlobReference, to destination: URL) throws {
        try base.copyBlob(reference, to: destination)
    }
}
