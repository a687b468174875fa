import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultBundle

/// Test lines handed over as batches: plain passed tests of the suite before them as their text, the others decoded, and lines that
/// cannot be decoded skipped and noted, in order, across batches.
@Suite struct TestLineBatchTests {
    private static func plainLine(_ name: String, suite: String = "S", duration: String = "0.25") -> String {
        #"{"kind":"test","test":{"identity":{"module":"M","suites":[""# + suite + #""],"name":""# + name
            + #""},"attempts":[{"status":"passed","duration":"# + duration + "}]}}"
    }

    @Test func undecodableLinesAreSkippedAndNotedAndTheRestComeInOrder() throws {
        let failed =
            #"{"kind":"test","test":{"identity":{"module":"M","suites":["S"],"name":"f"},"#
            + #""attempts":[{"status":"failed","duration":1}]}}"#
        let first = [
            Self.plainLine("a"), Self.plainLine("b"), #"{"kind":"test","test":{"identity":"#, failed,
            Self.plainLine("c", duration: "1e-3"),
        ]
        let second = [
            #"{"kind":"suite","suite":{"runIndex":0,"path":["S"]}}"#, Self.plainLine("d", suite: "T"),
            Self.plainLine("e", suite: "T") + " trailing", Self.plainLine("g", suite: "T"),
        ]
        let firstFrame = try TestBundles.recordBatch(first.joined(separator: "\n") + "\n")
        let bytes =
            TestBundles.header() + firstFrame + (try TestBundles.recordBatch(second.joined(separator: "\n") + "\n"))
        let reader = try BundleReader(url: try TestBundles.file(bytes, "line-batches"))
        var seen: [String] = []
        try reader.forEachTestBatch { batch in
            var seen: [String] = []
            try batch.forEachTest { test in
                seen.append("decoded \(test.identity.name) \(test.status.rawValue)")
            } passedInSameSuite: { plain in
                seen.append("plain \(String(decoding: plain.name, as: UTF8.self)) \(plain.duration)")
            }
            return seen
        } _: {
            seen += $0
        }
        // A batch's first test, and a test after one of another suite, come decoded; plain ones after come as text.
        #expect(
            seen == [
                "decoded a passed", "plain b 0.25", "decoded f failed", "plain c 0.001", "decoded d passed",
                "plain g 0.25",
            ])
        // Both bad lines are noted with their cause (rebuilding the missing index noted them too, without it).
        let causes = reader.damage.filter { $0.kind == .unreadableRecord && $0.message.contains("valid record (") }
        // Each is placed at its batch's frame: the first right after the file header, the second after the first.
        let header = TestBundles.header().count
        #expect(causes.map(\.byteOffset) == [Int64(header), Int64(header + firstFrame.count)])
        #expect(causes[0].message.contains("expected '{'"))
        #expect(causes[1].message.contains("text after the record's object"))
    }

    /// Lines of plain tests with bytes flipped, inserted and removed at random: whenever the text is still read
    /// as a plain passed test, the decoder reads the same line as that test.
    @Test func aMangledLineIsEitherRefusedOrReadAsTheDecoderReadsIt() throws {
        var generator = SeededGenerator(seed: 20_261_123)
        let lines = [
            Self.plainLine("testA"), Self.plainLine("t", suite: "Deep", duration: "12.5"),
            #"{"kind":"test","test":{"runIndex":2,"identity":{"suites":["A","B"],"name":"x y"},"displayName":"D","#
                + #""location":{"file":"F.swift","line":3,"column":1},"tags":["t"],"#
                + #""attempts":[{"status":"passed","start":1795461950.5,"duration":0}]}}"#,
        ]
        var accepted = 0
        for _ in 0..<20_000 {
            var bytes = Array(lines[Int.random(in: 0..<lines.count, using: &generator)].utf8)
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                let byte = [
                    UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: ","), UInt8(ascii: "}"), 0x00,
                    0xFF, UInt8(ascii: "1"), UInt8(ascii: "e"),
                ].randomElement(using: &generator)!
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[position] = byte
                case 1: bytes.insert(byte, at: position)
                default: bytes.remove(at: position)
                }
            }
            try bytes.withUnsafeBufferPointer { line in
                guard let plain = PlainPassedTest(line: line) else { return }
                accepted += 1
                let test = try #require(try RecordLineCodec.decodeTest(line, strings: nil))
                #expect(test.status == .passed && test.attempts.count == 1 && test.cases.isEmpty)
                #expect(Array(test.identity.name.utf8) == Array(plain.name))
                #expect(test.attempts[0].duration == plain.duration)
                #expect(test.attempts[0].start == plain.start)
                #expect(!test.finalAttemptHasDetails)
            }
        }
        // Changes inside names and numbers keep a line plain; the check above has work to do.
        #expect(accepted > 100)
    }
}

extension TestRecord {
    fileprivate var finalAttemptHasDetails: Bool {
        guard let last = attempts.last else { return false }
        return last.output != nil || !last.activities.isEmpty || !last.measurements.isEmpty
            || !last.attachments.isEmpty || !last.issues.isEmpty || last.statusReason != nil || last.worker != nil
    }
}
