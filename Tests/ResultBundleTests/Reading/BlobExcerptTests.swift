import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultBundle

/// A blob over the in-memory limit (the format allows 1 GiB) is shown by its start and end, streamed,
/// never refused. The limit is lowered here so a 3 MiB blob stands for a gigabyte.
@Suite struct BlobExcerptTests {
    static let limits = BundleLimits(maxInMemoryBlobBytes: 1 << 20)

    static func bundle(with data: Data) throws -> (BundleReader, BlobReference) {
        let url = try TestPaths.makeTemporaryDirectory("excerpt").appendingPathComponent("b.resultbundle")
        let writer = try BundleWriter(creating: url, flushPolicy: .batched)
        let blob = try writer.storeBlob(data)
        try writer.close()
        return (try BundleReader(url: url, limits: limits), blob)
    }

    /// 3 MiB of numbered lines, so any byte's place can be checked.
    static let large = Data((0..<300_000).map { String(format: "line %06d\n", $0) }.joined().utf8)

    @Test func aBlobOverTheInMemoryLimitGivesItsStartAndEnd() throws {
        let (reader, blob) = try Self.bundle(with: Self.large)
        #expect(throws: BundleError.self) { try reader.blobData(blob) }
        let excerpt = try reader.blobExcerpt(blob, headBytes: 1000, tailBytes: 500)
        #expect(excerpt.head == Self.large.prefix(1000))
        #expect(excerpt.tail == Self.large.suffix(500))
        #expect(excerpt.totalBytes == Self.large.count && !excerpt.isWhole)
        #expect(excerpt.text.contains("[… \(Self.large.count - 1500) bytes of \(Self.large.count) not shown …]"))
    }

    @Test func aBlobThatFitsIsWhole() throws {
        let small = Data(Self.large.prefix(1200))
        let (reader, blob) = try Self.bundle(with: small)
        let excerpt = try reader.blobExcerpt(blob, headBytes: 1000, tailBytes: 500)
        #expect(excerpt.isWhole && excerpt.head == small && excerpt.text == String(decoding: small, as: UTF8.self))
    }

    @Test func theInMemoryExcerptAgreesWithTheStreamedOne() throws {
        let (reader, blob) = try Self.bundle(with: Self.large)
        let streamed = try reader.blobExcerpt(blob, headBytes: 4096, tailBytes: 70_000)
        #expect(streamed == BlobExcerpt(of: Self.large, headBytes: 4096, tailBytes: 70_000))
    }
}
