import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import HTMLReport

/// The search's shards: terms by their first two characters, records by block, statuses; postings spilled
/// in chunks when they hold too many terms, without changing what a query finds.
@Suite struct SearchIndexWriterTests {
    static func summary(_ number: Int, suite: String, status: TestStatus = .passed) -> TestSummary {
        TestSummary(
            name: "testCase\(number)_checksValue", groupKey: "Module › \(suite)", status: status, duration: 0.001,
            pagePath: number == 3 ? "tests/page-3.html" : nil, detail: nil, anchorHash: UInt64(number), listPage: 1,
            failureMessage: nil, failureLocation: nil)
    }

    /// Writes the search data of 2,500 tests in 25 suites (every 10th failed) with `termLimit`; returns the folder.
    static func write(termLimit: Int, smallIndexBytes: Int = 0, shardLimit: Int = 512 << 10) throws -> (
        folder: URL, keys: [String]
    ) {
        let folder = try TestPaths.makeTemporaryDirectory("search")
        let files = try ReportFileWriter(root: folder)
        var writer = try SearchIndexWriter(
            files: files, blockSize: 1000, termLimit: termLimit, smallIndexBytes: smallIndexBytes,
            shardLimit: shardLimit)
        for number in 0..<2500 {
            let suite = "Suite\(number / 100)Tests"
            try writer.add(
                summary(number, suite: suite, status: number % 10 == 0 ? .failed : .passed),
                identity: TestIdentity(module: "Module", suites: [suite], name: "testCase\(number)_checksValue"),
                runKey: 0, paths: ["Tests/\(suite).swift"])
        }
        return (folder, try writer.finish())
    }

    static func text(_ folder: URL, _ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("search/\(path)"), encoding: .utf8)
    }

    /// The ids of `term` (a whole word, or a part) in every chunk of the shards that may hold it (those whose key
    /// starts it, however deep), decoded.
    static func ids(of term: String, part: Bool = false, in folder: URL) throws -> [Int] {
        var found: [Int] = []
        for depth in 1...term.unicodeScalars.count {
            let path = "t-\(SearchTerms.shardKey(term, depth: depth)).js"
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("search/\(path)").path) else {
                continue
            }
            // `RBS.t("key",[{words},{parts}],…);`: the chunks are a JSON array once the call is taken away.
            let shard = try text(folder, path)
            let start = try #require(shard.firstIndex(of: ","))
            let json = "[" + shard[shard.index(after: start)...].dropLast(3) + "]"
            let chunks = try #require(
                try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[[String: String]]])
            found += try chunks.flatMap { chunk in
                guard let encoded = chunk[part ? 1 : 0][term] else { return [Int]() }
                return try #require(SearchPostings.decode(encoded))
            }
        }
        return found.sorted()
    }

    @Test func termShardsHoldEachTermsTestsAndStatusesTheFailures() throws {
        let (folder, keys) = try Self.write(termLimit: 1_000_000)
        #expect(keys.contains("te") && keys.contains("su") && keys.contains("mo") && keys.contains("ch"))
        #expect(try Self.ids(of: "testcase12", in: folder) == [12])
        #expect(try Self.ids(of: "suite3tests", in: folder) == Array(300..<400))
        #expect(try Self.ids(of: "module", in: folder) == Array(0..<2500))
        #expect(try Self.ids(of: "checksvalue", in: folder) == Array(0..<2500))
        #expect(try Self.ids(of: "value", part: true, in: folder) == Array(0..<2500))
        #expect(try Self.ids(of: "case12", in: folder) == [])
        let status = try Self.text(folder, "status.js")
        let failed = try #require(status.split(separator: "\"").dropFirst(3).first)
        #expect(SearchPostings.decode(String(failed)) == Array(stride(from: 0, to: 2500, by: 10)))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".search-terms.spill").path))
    }

    @Test func aSmallIndexHasOneShardPerFirstCharacter() throws {
        let (folder, keys) = try Self.write(termLimit: 1_000_000, smallIndexBytes: 256 << 10)
        #expect(keys.allSatisfy { $0.count == 1 } && keys.contains("t") && keys.contains("m"))
        #expect(try Self.ids(of: "testcase12", in: folder) == [12])
        #expect(try Self.ids(of: "suite3tests", in: folder) == Array(300..<400))
        #expect(SearchIndexWriter.firstPart(of: "_fc_b") == "_fc_" && SearchIndexWriter.firstPart(of: "te") == "t")
    }

    @Test func spillingInChunksFindsTheSameTests() throws {
        let (folder, _) = try Self.write(termLimit: 50)
        #expect(try Self.text(folder, "t-mo.js").components(separatedBy: "],[").count > 10)
        #expect(try Self.ids(of: "module", in: folder) == Array(0..<2500))
        #expect(try Self.ids(of: "suite24tests", in: folder) == Array(2400..<2500))
        #expect(try Self.ids(of: "testcase2499", in: folder) == [2499])
    }

    @Test func aShardPastItsLimitIsSplitDeeperAndFindsTheSameTests() throws {
        let (folder, keys) = try Self.write(termLimit: 300, shardLimit: 4 << 10)
        let deep = keys.filter { $0.hasPrefix("testcase") }
        #expect(deep.count > 10 && deep.allSatisfy { $0.count <= SearchIndexWriter.deepestShardKey })
        #expect(try Self.ids(of: "testcase2499", in: folder) == [2499])
        #expect(try Self.ids(of: "testcase12", in: folder) == [12])
        #expect(try Self.ids(of: "suite24tests", in: folder) == Array(2400..<2500))
        #expect(try Self.ids(of: "test", part: true, in: folder) == Array(0..<2500))
        #expect(try Self.ids(of: "checksvalue", in: folder) == Array(0..<2500))
        // The shards a query of one name loads (those whose key starts it) stay small: none holds every name.
        let loaded = keys.filter { "testcase2499".hasPrefix($0) }
        #expect(!loaded.isEmpty)
        for key in loaded { #expect(try Self.text(folder, "t-\(key).js").utf8.count < 16 << 10) }
    }

    /// The names of a record shard, decoded as `search.js` decodes them, with their group and page.
    static func records(_ shard: String) throws -> [(name: String, group: Int, page: String)] {
        let json = "[" + shard.drop { $0 != "," }.dropFirst().dropLast(3) + "]"
        let parts = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])
        let list = try #require(parts.last as? [Any])
        let digits = Dictionary(uniqueKeysWithValues: SearchPostings.alphabet.enumerated().map { ($1, $0) })
        var decoded: [(String, Int, String)] = []
        var previous: [UInt16] = []
        var group = 0
        func decode(_ text: String, page: String) throws {
            let units = Array(text.utf16)
            var index = 0
            while index < units.count {
                let start = try #require(digits[UInt8(units[index])])
                let end = try #require(digits[UInt8(units[index + 1])])
                index += 2
                var length = 0
                while true {
                    let digit = try #require(digits[UInt8(units[index])])
                    index += 1
                    length = length * 32 + digit % 32
                    if digit < 32 { break }
                }
                let name =
                    Array(previous[..<start]) + units[index..<(index + length)] + previous[(previous.count - end)...]
                index += length
                previous = name
                decoded.append((String(decoding: name, as: UTF16.self), group, page))
            }
        }
        for element in list {
            if let number = element as? Int {
                group = number
            } else if let text = element as? String {
                try decode(text, page: "")
            } else if let array = element as? [String] {
                try decode(array[0], page: array[1])
            }
        }
        return decoded
    }

    @Test func recordShardsDecodeToTheNamesInOrderWithGroupsAndPages() throws {
        let (folder, _) = try Self.write(termLimit: 1_000_000)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("search/r-3.js").path))
        let block = try Self.text(folder, "r-2.js")
        #expect(block.hasPrefix("RBS.r(2,[[\"Module › Suite20Tests\",\"Module/Suite20Tests/\"],"))
        let names = try Self.records(block)
        #expect(names.map(\.name) == (2000..<2500).map { "testCase\($0)_checksValue" })
        #expect(names.map(\.group) == (2000..<2500).map { $0 / 100 - 20 })
        let first = try Self.records(try Self.text(folder, "r-0.js"))
        #expect(first[3].page == "tests/page-3.html" && first[4].page == "")
        // testCase2001_checksValue after testCase2000_checksValue: 11 units shared at the start, 12 at the end, 1 in
        // the middle: four characters.
        #expect(block.contains("BC11BC12"))
    }

    @Test func namesOutsideASCIIAndSurrogatePairsRoundTrip() throws {
        let folder = try TestPaths.makeTemporaryDirectory("search-unicode")
        var writer = try SearchIndexWriter(files: try ReportFileWriter(root: folder), blockSize: 10)
        let names = ["testÜber😀a", "testÜber😀b", "test😀😁", "test😀😂 \"quoted\" <b>", "plain", "plain2", "日本語テスト"]
        for name in names {
            var summary = Self.summary(0, suite: "S")
            summary.name = name
            try writer.add(summary, identity: TestIdentity(suites: ["S"], name: name), runKey: 0, paths: [])
        }
        _ = try writer.finish()
        let shard = try Self.text(folder, "r-0.js")
        #expect(try Self.records(shard).map(\.name) == names)
        #expect(!shard.contains("<b>"))
    }
}
