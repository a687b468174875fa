import ContentHashing
import Foundation
import ResultModel
import ResultSupport

/// Results held in memory: a ``ResultSink`` to write into and a ``ResultSource`` to read from.
///
/// Meant for tests and small conversions; blobs are deduplicated by SHA-256 like in a bundle.
/// Not safe to use from several tasks at once.
public final class InMemoryResults: ResultSink, ResultSource {
    /// The runs added so far.
    public private(set) var runs: [RunResult] = []
    /// The suites added so far, in order.
    public private(set) var suites: [SuiteRecord] = []
    /// The tests added so far, in order.
    public private(set) var tests: [TestRecord] = []
    /// The stored blobs by SHA-256.
    public private(set) var blobs: [String: Data] = [:]

    /// Creates an empty collection.
    public init() {}

    public func beginRun(_ run: RunRecord) throws -> Int {
        runs.append(RunResult(index: runs.count, record: run))
        return runs.count - 1
    }

    public func addSuite(_ suite: SuiteRecord) throws { suites.append(suite) }

    public func addTest(_ test: consuming TestRecord) throws { tests.append(test) }

    public func storeBlob(_ data: Data) throws -> BlobReference {
        let digest = ContentHash.sha256Hex(data)
        blobs[digest] = data
        return BlobReference(sha256: digest, size: data.count)
    }

    public func storeBlob(contentsOf file: URL) throws -> BlobReference {
        try storeBlob(Data(contentsOf: file))
    }

    public func endRun(_ runIndex: Int, _ end: RunEnd) throws {
        runs[runIndex].end = end
    }

    public func forEachSuite(_ body: (SuiteRecord) throws -> Void) throws {
        try suites.forEach(body)
    }

    public func forEachTest(_ body: (TestRecord) throws -> Void) throws {
        try tests.forEach(body)
    }

    public func blobData(_ reference: BlobReference) throws -> Data {
        guard let data = blobs[reference.sha256] else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "missing blob \(reference.sha256)"])
        }
        return data
    }
}
