import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultBundle

@Suite struct RecordLineTests {
    /// Every key of a JSON value, with its path (`test.attempts.issues.location.file`).
    static func keyPaths(_ value: Any, prefix: String = "") -> Set<String> {
        var paths = Set<String>()
        if let object = value as? [String: Any] {
            for (key, child) in object where !((child as? [Any])?.isEmpty ?? false) {
                let path = prefix.isEmpty ? key : "\(prefix).\(key)"
                paths.insert(path)
                paths.formUnion(keyPaths(child, prefix: path))
            }
        } else if let array = value as? [Any] {
            for child in array { paths.formUnion(keyPaths(child, prefix: prefix)) }
        }
        return paths
    }

    @Test func handWrittenEncoderWritesEveryFieldTheModelsCodableConformanceHas() throws {
        let memory = InMemoryResults()
        try SampleResults.writeMixedRun(into: memory)
        // The Codable conformance's keys, as any other output (`info --json`) encodes them.
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        var modelKeys = Set<String>()
        var ourKeys = Set<String>()
        for var test in memory.tests {
            test.runIndex = 1  // our encoder leaves out runIndex 0
            test.status = .crashed  // and a status the attempts imply
            test.properties = [NameValue(name: "repetition", value: "2")]  // format 1.1, absent from the samples
            modelKeys.formUnion(Self.keyPaths(try JSONSerialization.jsonObject(with: encoder.encode(test))))
            let line = BundleRecordEncoding.jsonLines([test])
            let object = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
            ourKeys.formUnion(Self.keyPaths(try #require(object["test"])))
        }
        // Fields the model has that our encoder does not write would be lost: a model change needs the
        // schema (Records/RecordSchema.txt) updated and scripts/generate-records.py rerun.
        #expect(modelKeys.subtracting(ourKeys).sorted() == [])
        #expect(ourKeys.subtracting(modelKeys).sorted() == [])
    }

    @Test(arguments: [
        "plain", "", "quote \" backslash \\ slash /", "newline\nreturn\rtab\t", "control \u{01}\u{1F}\u{7F}",
        "escape \u{1B}[31mred\u{1B}[0m", "unicode é 日本語 🚀", "\u{2028}\u{2029}", "nul \u{0}",
    ])
    func stringsRoundTripExactly(text: String) throws {
        var json = JSONBytes()
        json.string(text)
        let bytes = json.bytes
        let decoded = try bytes.withUnsafeBufferPointer { buffer in
            var cursor = JSONCursor(buffer)
            return try cursor.readString()
        }
        #expect(decoded == text)
        #expect(try JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed) as? String == text)
    }

    @Test(arguments: ["\"", "\\", "\n", "\u{1}", "\u{1F}", "é", "🚀"])
    func specialCharactersAtEveryPositionOfAWordRoundTrip(special: String) throws {
        for length in 0..<20 {
            for position in 0...length {
                var characters = Array(repeating: Character("a"), count: length)
                characters.insert(contentsOf: special, at: position)
                let text = String(characters)
                var json = JSONBytes()
                json.string(text)
                let decoded = try json.bytes.withUnsafeBufferPointer { buffer in
                    var cursor = JSONCursor(buffer)
                    return try cursor.readString()
                }
                #expect(decoded == text)
            }
        }
    }

    @Test func escapedSurrogatePairsAndUnicodeEscapesDecode() throws {
        let bytes = Array(#""\ud83d\ude80 \u00e9 \/ \b\f""#.utf8)
        let decoded = try bytes.withUnsafeBufferPointer { buffer in
            var cursor = JSONCursor(buffer)
            return try cursor.readString()
        }
        #expect(decoded == "🚀 é / \u{8}\u{C}")
    }

    @Test func doublesRoundTripExactly() throws {
        let seed = try TestSeed()
        var generator = seed.makeGenerator()
        var values: [Double] = [
            0, -0.5, 0.001, 1_795_000_018.105, 1e-7, 1e300, -1e-300, 123456789.123456, 0.1 + 0.2,
            Double.greatestFiniteMagnitude, Double.leastNonzeroMagnitude, 42,
        ]
        for _ in 0..<2000 {
            values.append(Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF))
            values.append(Double(Int.random(in: -1_000_000_000...1_000_000_000, using: &generator)) / 1000)
        }
        for value in values {
            var json = JSONBytes()
            json.double(value)
            let bytes = json.bytes
            let decoded = try bytes.withUnsafeBufferPointer { buffer in
                var cursor = JSONCursor(buffer)
                return try cursor.readDouble()
            }
            #expect(decoded == value, "\(value) was written as \(String(decoding: bytes, as: UTF8.self)), \(seed)")
        }
    }

    @Test func nonFiniteNumbersAreWrittenAsStrings() throws {
        for value in [Double.infinity, -Double.infinity] {
            var json = JSONBytes()
            json.double(value)
            let decoded = try json.bytes.withUnsafeBufferPointer { buffer in
                var cursor = JSONCursor(buffer)
                return try cursor.readDouble()
            }
            #expect(decoded == value)
        }
    }

    @Test func deeplyNestedInputIsRejectedNotOverflowingTheStack() throws {
        let text = "{\"kind\":\"test\",\"test\":{\"x\":" + String(repeating: "[", count: 100_000) + "}}"
        let bytes = Array(text.utf8)
        #expect(throws: (any Error).self) {
            try bytes.withUnsafeBufferPointer { try RecordLineCodec.decode($0) }
        }
    }

    @Test func absentArraysAndThresholdsTakeTheirDefaults() throws {
        let line =
            #"{"kind":"test","test":{"identity":{"name":"t"},"status":"passed","attempts":[{"status":"passed","measurements":[{"metricID":"m","name":"n","unit":"s","values":[1,2]}]}],"future":{"a":[1,{"b":null}]}}}"#
        let record = try Array(line.utf8).withUnsafeBufferPointer {
            try RecordLineCodec.decode($0)
        }
        guard case .test(let test) = record else {
            Issue.record("not a test: \(record)")
            return
        }
        #expect(test.id == "t" && test.tags.isEmpty && test.cases.isEmpty)
        let measurement = try #require(test.attempts.first?.measurements.first)
        #expect(measurement.maxPercentRelativeStandardDeviation == 10 && measurement.maxRegression == 0.1)
        #expect(measurement.polarity == .smallerIsBetter)
    }
}

@Suite struct RecordLineMutationTests {
    /// Random byte mutations of real record lines: decoding either succeeds or throws, never crashes or hangs.
    @Test func mutatedLinesNeverCrashTheDecoder() throws {
        let memory = InMemoryResults()
        try SampleResults.writeMixedRun(into: memory)
        let lines = String(decoding: BundleRecordEncoding.jsonLines(memory.tests), as: UTF8.self)
            .split(separator: "\n").map { Array($0.utf8) }
        let seed = try TestSeed()
        var generator = seed.makeGenerator()
        let interesting: [UInt8] = Array("{}[]\",:\\-0123456789.eEtrufalsn \u{7F}".utf8) + [0, 0x80, 0xFF]
        var decoded = 0
        for _ in 0..<20_000 {
            var line = lines.randomElement(using: &generator)!
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0..<line.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: line[position] = interesting.randomElement(using: &generator)!
                case 1: line.remove(at: position)
                default: line.insert(interesting.randomElement(using: &generator)!, at: position)
                }
                if line.isEmpty { line = [0x7B] }
            }
            if (try? line.withUnsafeBufferPointer { try RecordLineCodec.decode($0) }) != nil {
                decoded += 1
            }
            _ = try? line.withUnsafeBufferPointer { try RecordLineCodec.decodeHead($0) }
            // The cutting decoder (display commands) on the same hostile line: cut at every length from 0 to 3.
            _ = try? line.withUnsafeBufferPointer {
                try RecordLineCodec.decode(
                    $0, maxStringBytes: Int.random(in: 0...3, using: &generator))
            }
        }
        #expect(decoded < 20_000, "some mutations must be rejected, \(seed)")
    }
}

@Suite struct SuiteRecordEncodingTests {
    static let suites: [SuiteRecord] = [
        SuiteRecord(path: ["Plain"]),
        SuiteRecord(
            runIndex: 2, module: "Module \"quoted\"", path: ["Outer", "Inner\u{1B}[31m", "ünïcode"],
            start: 1_700_000_000.25,
            duration: .infinity, status: .failed,
            issues: [
                IssueRecord(
                    kind: .assertion, message: "line one\nline two",
                    location: SourceLocation(file: "a.swift", line: 3, column: 7),
                    details: "details", timestamp: 12.5),
                IssueRecord(kind: .warning, message: ""),
            ],
            output: CapturedOutput(text: "printed\t\u{0}text"),
            properties: [NameValue(name: "key", value: "value with \\ backslash")], hostname: "host"),
        SuiteRecord(
            path: [], duration: .nan,
            output: CapturedOutput(blob: BlobReference(sha256: String(repeating: "ab", count: 32), size: 9))),
    ]

    @Test(arguments: suites)
    func suiteLinesDecodeToTheSameRecord(suite: SuiteRecord) throws {
        var json = JSONBytes()
        RecordLineCodec.appendOther(.suite(suite), to: &json)
        let line = json.buffer.withUnsafeBytes { Array($0) }
        let decoded = try line.withUnsafeBufferPointer {
            try RecordLineCodec.decode(
                UnsafeBufferPointer(rebasing: $0[0..<($0.count - 1)]))
        }
        guard case .suite(let back) = decoded else {
            Issue.record("not a suite line: \(decoded)")
            return
        }
        #expect(back.path == suite.path && back.module == suite.module && back.issues == suite.issues)
        #expect(back.output == suite.output && back.properties == suite.properties && back.hostname == suite.hostname)
        #expect(back.runIndex == suite.runIndex && back.status == suite.status && back.start == suite.start)
        #expect(back.duration == suite.duration || (back.duration?.isNaN == true && suite.duration?.isNaN == true))
    }
}
