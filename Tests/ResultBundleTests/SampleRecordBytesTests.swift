import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultBundle

/// The generated record codec against the bytes of bundles already written: every line of every sample bundle
/// (runs, run ends, suites and tests), read by the cursor and written again by the writer, is the line it was. A schema change that moves, renames or drops a field, or writes a value another
/// way, changes these bytes.
@Suite struct SampleRecordBytesTests {
    /// The samples written since format 1.1. The 1.0 samples were written when the writer still wrote every
    /// test's status, which it now leaves out when the attempts imply it.
    static var samples: [URL] { SampleBundleTests.samples.filter { !$0.lastPathComponent.hasPrefix("v1.0-") } }

    @Test func thereAreSamplesSinceFormat1_1() { #expect(Self.samples.count >= 3) }

    @Test(arguments: samples)
    func everyLineReadsAndWritesBackToItsOwnBytes(sample: URL) throws {
        let reader = try BundleReader(url: sample)
        var kinds: Set<String> = []
        var differing: [String] = []
        for frame in reader.index.recordFrames {
            let payload = try #require(try reader.recordPayload(at: frame.offset))
            try RecordLines.forEachLine(in: payload) { _, bytes in
                var json = JSONBytes()
                let line = try RecordLineCodec.decode(bytes)
                switch line {
                case .test(let test): RecordLineCodec.appendTest(test, to: &json)
                default: RecordLineCodec.appendOther(line, to: &json)
                }
                kinds.insert(String(describing: line).prefix { $0 != "(" }.description)
                if !json.bytes.dropLast().elementsEqual(bytes) {
                    differing.append(String(decoding: bytes, as: UTF8.self))
                }
            }
        }
        #expect(kinds.isSuperset(of: ["run", "runEnd", "test"]), "\(kinds)")
        #expect(differing.isEmpty, "lines written differently: \(differing.prefix(2))")
    }
}
