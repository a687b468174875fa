import Foundation
import Testing

@testable import JUnitExport

@Suite struct TestCaseSpoolTests {
    private func bytes(_ range: Range<Int>) -> [UInt8] { range.map { UInt8(truncatingIfNeeded: $0 &* 31) } }

    private func read(_ spool: TestCaseSpool, _ range: Range<Int64>) throws -> [UInt8] {
        var result: [UInt8] = []
        try spool.forEachPiece(of: range) { result.append(contentsOf: $0) }
        return result
    }

    @Test func rangesReadBackAcrossTheFileAndMemory() throws {
        let spool = TestCaseSpool(memoryLimit: 1000)
        let all = bytes(0..<5_500)
        for start in stride(from: 0, to: all.count, by: 700) {
            try all[start..<min(start + 700, all.count)].withUnsafeBytes { try spool.write($0) }
        }
        #expect(spool.hasSpilled)
        #expect(spool.count == 5_500)
        for range in [0..<5_500, 0..<1, 999..<1_001, 4_800..<5_500, 5_499..<5_500, 2_000..<2_000, 1_234..<4_321] {
            #expect(try read(spool, Int64(range.lowerBound)..<Int64(range.upperBound)) == Array(all[range]))
        }
    }

    @Test func smallOutputsStayInMemory() throws {
        let spool = TestCaseSpool(memoryLimit: 1 << 20)
        try bytes(0..<10_000).withUnsafeBytes { try spool.write($0) }
        #expect(!spool.hasSpilled)
        #expect(try read(spool, 100..<200) == Array(bytes(0..<10_000)[100..<200]))
    }
}
