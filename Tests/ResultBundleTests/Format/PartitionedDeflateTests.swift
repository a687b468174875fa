import Foundation
import Testing
import _TestSupport

@testable import ResultBundle

/// The index is compressed in parts on several threads; the parts must form one ordinary zlib stream.
@Suite struct PartitionedDeflateTests {
    /// Bytes like an index's test table: random hashes beside small, repetitive numbers.
    private func indexLikeBytes(_ count: Int) -> [UInt8] {
        var generator = SeededGenerator(seed: 7)
        return (0..<count).map { index in
            index % 12 < 4 ? UInt8.random(in: 0...255, using: &generator) : UInt8(index % 5)
        }
    }

    @Test(arguments: [1, 2, 3, 4])
    func partsJoinIntoOneStreamThatZlibAndPythonInflate(parts: Int) throws {
        let input = indexLikeBytes(1_200_000)
        let stream = try input.withUnsafeBytes { try PartitionedDeflate.deflate($0, level: 1, parts: parts) }
        let inflated = try stream.withUnsafeBytes { try Compression.inflate($0, expected: input.count) }
        #expect(inflated == input)
        let single = try input.withUnsafeBytes { try Compression.deflate($0, level: 1) }
        #expect(Double(stream.count) < Double(single.count) * 1.01)

        let folder = try TestPaths.makeTemporaryDirectory("partitioned-deflate")
        let file = folder.appendingPathComponent("stream.z")
        try Data(stream).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import sys, zlib; sys.stdout.write(str(len(zlib.decompress(open(sys.argv[1], 'rb').read()))))",
            file.path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(output == "\(input.count)")
    }

    @Test(arguments: [2, 3, 4])
    func theLastPartIsLargestAndThePartsCoverTheInputInOrder(parts: Int) {
        let ranges = PartitionedDeflate.partRanges(count: 1_200_673, parts: parts)
        #expect(ranges.count == parts)
        #expect(ranges.first?.lowerBound == 0)
        #expect(ranges.last?.upperBound == 1_200_673)
        for (range, next) in zip(ranges, ranges.dropFirst()) {
            #expect(range.upperBound == next.lowerBound)
        }
        let others = ranges.dropLast().map(\.count)
        #expect(Set(others).count == 1)
        let ratio = Double(ranges.last!.count) / Double(others[0])
        #expect(abs(ratio - PartitionedDeflate.lastPartWeight) < 0.01, "last part \(ratio) times the others")
    }

    @Test func smallInputsAreOneOrdinaryStream() throws {
        let input = indexLikeBytes(1_000)
        let stream = try input.withUnsafeBytes { try PartitionedDeflate.deflate($0, level: 1, parts: 4) }
        #expect(stream == (try input.withUnsafeBytes { try Compression.deflate($0, level: 1) }))
    }

    @Test func theRadixSortOrdersByHashAndKeepsWriteOrderForEqualHashes() {
        var generator = SeededGenerator(seed: 11)
        let keys = (0..<50_000).map { position in
            UInt64(UInt32.random(in: 0...2_000, using: &generator) << 20 | 0x0F0F) << 32 | UInt64(position)
        }
        var sorted = keys
        BundleIndex.sortByHighHalf(&sorted)
        #expect(sorted == keys.sorted())

        // Hashes over the whole 32 bits, every digit of every pass in use.
        let spread = (0..<70_000).map { position in
            UInt64(UInt32.random(in: 0...UInt32.max, using: &generator)) << 32 | UInt64(position)
        }
        var sortedSpread = spread
        BundleIndex.sortByHighHalf(&sortedSpread)
        #expect(sortedSpread == spread.sorted())
    }

    @Test func inflatingChecksTheZlibHeaderAndTheDeclaredLength() throws {
        let input = indexLikeBytes(50_000)
        var stream = try input.withUnsafeBytes { try Compression.deflate($0, level: 6) }
        #expect(try stream.withUnsafeBytes { try Compression.inflate($0, expected: input.count) } == input)
        #expect(throws: BundleError.self) {
            try stream.withUnsafeBytes { try Compression.inflate($0, expected: input.count + 1) }
        }
        #expect(throws: BundleError.self) {
            try stream.withUnsafeBytes { try Compression.inflate($0, expected: input.count - 1) }
        }
        stream[1] ^= 0x01  // the header's check bits no longer add up
        #expect(throws: BundleError.self) {
            try stream.withUnsafeBytes { try Compression.inflate($0, expected: input.count) }
        }
        stream[1] ^= 0x01
        stream[0] = 0x77  // not deflate
        #expect(throws: BundleError.self) {
            try stream.withUnsafeBytes { try Compression.inflate($0, expected: input.count) }
        }
    }

    @Test func inflatingRefusesCutAndCorruptDeflateData() throws {
        let input = indexLikeBytes(50_000)
        let stream = try input.withUnsafeBytes { try Compression.deflate($0, level: 6) }
        let cut = Array(stream.dropLast(40))
        let error = #expect(throws: BundleError.self) {
            try cut.withUnsafeBytes { try Compression.inflate($0, expected: input.count) }
        }
        #expect(error?.message.contains("not a complete deflate stream") == true, "\(String(describing: error))")
        var corrupt = stream
        corrupt[2] = 0xFF  // a block type that does not exist (BTYPE 11)
        #expect(throws: BundleError.self) {
            try corrupt.withUnsafeBytes { try Compression.inflate($0, expected: input.count) }
        }
        let empty = try [UInt8]().withUnsafeBytes { try Compression.deflate($0) }
        #expect(try empty.withUnsafeBytes { try Compression.inflate($0, expected: 0) } == [])
    }
}
