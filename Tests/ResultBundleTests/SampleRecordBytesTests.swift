import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultBundle

/// The generated record codec against the bytes of bundles already written: every test line of every sample
/// bundle, decoded by the cursor and written again by the writer, is the line it was. A schema change that moves,
/// renames or drops a field, or writes a value another way, changes these bytes.
@Suite struct SampleRecordBytesTests {
    /// The samples written since format 1.1. The 1.0 samples were written when the writer still wrote every
    /// test's status, which it now leaves out when the attempts imply it.
    static var samples: [URL] { SampleBundleTests.samples.filter { !$0.lastPathComponent.hasPrefix("v1.0-") } }

    @Test func thereAreSamplesSinceFormat1_1() { #expect(Self.samples.count >= 3) }

    @Test(arguments: samples)
    func everyTestLineReadsAndWritesBackToItsOwnBytes(sample: URL) throws {
        let reader = try BundleReader(url: sample)
        var compared = 0
        var differing: [String] = []
        try reader.forEachTestBatch { batch in
            let lines = try #require(batch as? TestLineBatch)
            var compared = 0
            var differing: [String] = []
            try lines.forEachLine { line in
                let test = try #require(try RecordLineCodec.decodeTest(line.bytes, strings: nil))
                var json = JSONBytes()
                RecordLineCodec.appendTest(test, to: &json)
                let written = json.bytes.dropLast()  // the newline that ends a line
                compared += 1
                if !written.elementsEqual(line.bytes) { differing.append(String(decoding: line.bytes, as: UTF8.self)) }
            }
            return (compared, differing)
        } _: { batchCompared, batchDiffering in
            compared += batchCompared
            differing += batchDiffering
        }
        #expect(compared > 0)
        #expect(differing.isEmpty, "lines written differently: \(differing.prefix(2))")
        #expect(reader.damage.isEmpty)
    }
}
