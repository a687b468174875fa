import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultBundle

/// Structure-aware fuzzing of the reader: frames whose payloads are mutated *and* re-checksummed, so the JSON
/// parser, the index parser and the blob checks see the damage, not just the CRC. Runs a few hundred cases by
/// default; `RESULTBUNDLE_FUZZ_SECONDS=600` runs for that long. A failure names its seed, and
/// `RESULTBUNDLE_TEST_SEED` replays it.
@Suite struct BundleFuzzTests {
    struct Frame {
        var offset: Int
        var header: FrameHeader
    }

    static func frames(of bytes: [UInt8]) throws -> [Frame] {
        let url = try TestBundles.file(bytes, "fuzz-seed")
        let reader = try BundleReader(url: url)
        var frames: [Frame] = []
        _ = try reader.source.scan(from: 16) { frames.append(Frame(offset: Int($0.offset), header: $0.header)) }
        return frames
    }

    /// The payload of a frame, inflated when it is compressed (after a blob's digest).
    static func plainPayload(_ bytes: [UInt8], _ frame: Frame) throws -> (prefix: [UInt8], content: [UInt8]) {
        let start = frame.offset + FrameHeader.size
        let payload = Array(bytes[start..<start + Int(frame.header.storedLength)])
        let prefixLength = frame.header.type == .blob ? 32 : 0
        let prefix = Array(payload[0..<prefixLength])
        let stored = Array(payload[prefixLength...])
        guard frame.header.isCompressed else { return (prefix, stored) }
        let content = try stored.withUnsafeBytes {
            try Compression.inflate($0, expected: Int(frame.header.uncompressedLength))
        }
        return (prefix, content)
    }

    static func mutate(_ content: inout [UInt8], using generator: inout some RandomNumberGenerator) {
        let interesting: [UInt8] = Array("{}[]\",:\\-0123456789.eE\n ".utf8) + [0, 0xFF, 0x80]
        for _ in 0..<Int.random(in: 1...6, using: &generator) {
            guard !content.isEmpty else {
                content = [UInt8(ascii: "{")]
                return
            }
            let position = Int.random(in: 0..<content.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: content[position] = interesting.randomElement(using: &generator)!
            case 1: content.remove(at: position)
            case 2: content.insert(interesting.randomElement(using: &generator)!, at: position)
            default: content[position] = UInt8.random(in: 0...255, using: &generator)
            }
        }
    }

    /// A copy of `bytes` with one frame's payload mutated and the frame rebuilt with valid lengths and CRC.
    static func rebuilt(_ bytes: [UInt8], _ frame: Frame, using generator: inout some RandomNumberGenerator) throws
        -> [UInt8]
    {
        var (prefix, content) = try plainPayload(bytes, frame)
        mutate(&content, using: &generator)
        let compressed = frame.header.isCompressed
        let stored = compressed ? try content.withUnsafeBytes { try Compression.deflate($0) } : content
        let newFrame = TestBundles.frame(
            type: frame.header.typeByte, compressed: compressed, payload: prefix + stored,
            uncompressedLength: compressed ? content.count : prefix.count + content.count)
        let end = frame.offset + Int(frame.header.frameSize)
        return Array(bytes[0..<frame.offset]) + newFrame + Array(bytes[end...])
    }

    /// Everything a report or `verify` would do with a bundle; only ``BundleError`` may come out.
    static func exercise(_ url: URL, seed: TestSeed) {
        do {
            let reader = try BundleReader(url: url)
            var ids: [String] = []
            var blobs: [BlobReference] = []
            try reader.forEachTest { test in
                ids.append(test.id)
                blobs += test.attempts.flatMap(\.allAttachments).map(\.blob)
            }
            try reader.forEachSuite { _ in }
            for id in ids.prefix(5) { _ = try reader.test(id: id) }
            for blob in blobs { _ = try? reader.blobData(blob) }
            _ = try reader.verify()
            _ = try BundleInfo(reader: reader)
            var text = ""
            try BundleJSONExporter(reader: reader).write(to: &text)
        } catch is BundleError {
        } catch {
            Issue.record("unexpected error \(error) for \(url.lastPathComponent), \(seed)")
        }
    }

    @Test func mutatedAndRechecksummedFramesNeverCrashTheReader() throws {
        let (url, _) = try TestBundles.writeMixed("fuzz", policy: .batched(maxBytes: 700))
        let seed = try [UInt8](Data(contentsOf: url))
        let frames = try Self.frames(of: seed)
        let seconds = Double(ProcessInfo.processInfo.environment["RESULTBUNDLE_FUZZ_SECONDS"] ?? "") ?? 0
        let deadline = Date().addingTimeInterval(seconds)
        let folder = try TestPaths.makeTemporaryDirectory("fuzz")
        let testSeed = try TestSeed()
        var generator = testSeed.makeGenerator()
        var iteration = 0
        while iteration < 300 || Date() < deadline {
            let frame = try #require(frames.randomElement(using: &generator), "\(testSeed)")
            let bytes = try Self.rebuilt(seed, frame, using: &generator)
            let mutated = folder.appendingPathComponent("case-\(iteration % 50).resultbundle")
            try Data(bytes).write(to: mutated)
            Self.exercise(mutated, seed: testSeed)
            iteration += 1
        }
    }
}
