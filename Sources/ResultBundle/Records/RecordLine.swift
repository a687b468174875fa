import Foundation
import ResultModel

/// One line of a record batch: `{"kind":"...", ...}` followed by a newline.
///
/// Kinds: `run` (`runIndex`, `run`), `runEnd` (`runIndex`, `runEnd`), `suite` (`suite`), `test` (`test`).
/// A line of another kind (from a newer minor version) decodes as ``unknown`` and is skipped.
enum RecordLine {
    case run(index: Int, RunRecord)
    case runEnd(index: Int, RunEnd)
    case suite(SuiteRecord)
    case test(TestRecord)
    case unknown(kind: String)

    /// The kind names, as written in the `kind` field.
    enum Kind: String {
        case run, runEnd, suite, test
    }
}

/// Encodes and decodes record lines with the format's conventions.
enum RecordLineCodec {
    /// Decoder for record lines: unknown fields are ignored, non-finite numbers are read from strings.
    static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }

    /// Encoder for the less frequent records (runs and run ends).
    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    /// Appends `{"kind":"test","test":{...}}\n`.
    static func appendTest(_ test: TestRecord, to json: inout JSONBytes) {
        json.beginObject()
        json.key("kind"); json.string(RecordLine.Kind.test.rawValue)
        json.key("test"); json.encode(test)
        json.endObject()
        json.newline()
    }

    /// Appends a line for a run or run end (encoded with `JSONEncoder`) or a suite (the generated writer).
    static func appendOther(_ line: RecordLine, encoder: JSONEncoder, to json: inout JSONBytes) throws {
        json.beginObject()
        switch line {
        case .run(let index, let run):
            json.key("kind"); json.string(RecordLine.Kind.run.rawValue)
            json.key("runIndex"); json.int(index)
            json.key("run"); json.raw(try encoder.encode(run))
        case .runEnd(let index, let end):
            json.key("kind"); json.string(RecordLine.Kind.runEnd.rawValue)
            json.key("runIndex"); json.int(index)
            json.key("runEnd"); json.raw(try encoder.encode(end))
        case .suite(let suite):
            json.key("kind"); json.string(RecordLine.Kind.suite.rawValue)
            json.key("suite"); json.encode(suite)
        case .test(let test):
            json.key("kind"); json.string(RecordLine.Kind.test.rawValue)
            json.key("test"); json.encode(test)
        case .unknown(let kind):
            json.key("kind"); json.string(kind)
        }
        json.endObject()
        json.newline()
    }
}

/// The record-line encoding of tests, byte for byte as record batches hold it before compression
/// (for benchmarks and tools that compare against other compressors).
public enum BundleRecordEncoding {
    /// `{"kind":"test","test":{...}}` lines, one per test, each ending with a newline.
    public static func jsonLines(_ tests: [TestRecord]) -> Data {
        var json = JSONBytes()
        for test in tests { RecordLineCodec.appendTest(test, to: &json) }
        return json.buffer.withUnsafeBytes { Data($0) }
    }
}

extension RecordLineCodec {
    /// Decodes one line. Test and suite lines use the generated cursor; run and run-end lines use `decoder`.
    /// Strings longer than `maxStringBytes` are cut (``TextCut``).
    static func decode(
        _ line: UnsafeBufferPointer<UInt8>, decoder: JSONDecoder, strings: StringCache? = nil,
        maxStringBytes: Int = .max
    ) throws -> RecordLine {
        var cursor = JSONCursor(line, strings: strings, maxStringBytes: maxStringBytes)
        var kind: String?
        var runIndex: Int?
        var test: TestRecord?
        var body: Range<Int>?
        var bodyKey = ""
        try cursor.readObject { cursor, key in
            if key.equals("kind") {
                kind = try cursor.readString()
            } else if key.equals("test") {
                test = try cursor.decodeTestRecord()
            } else if key.equals("runIndex") {
                runIndex = try cursor.readInt()
            } else if key.equals("run") || key.equals("runEnd") || key.equals("suite") {
                _ = cursor.peek()
                let start = cursor.position
                try cursor.skipValue()
                body = start..<cursor.position
                bodyKey = String(decoding: key, as: UTF8.self)
            } else {
                try cursor.skipValue()
            }
        }
        guard cursor.peek() == nil else { throw cursor.failure("text after the record's object") }
        guard let kind else { throw cursor.failure("missing field kind") }
        guard let known = RecordLine.Kind(rawValue: kind) else { return .unknown(kind: kind) }
        func bodyData() throws -> Data {
            guard let body, bodyKey == kind else { throw cursor.failure("missing field \(kind)") }
            return Data(UnsafeBufferPointer(rebasing: line[body]))
        }
        switch known {
        case .test:
            guard let test = test.take() else { throw cursor.failure("missing field test") }
            return .test(test)
        case .suite:
            guard let body, bodyKey == kind else { throw cursor.failure("missing field \(kind)") }
            var suiteCursor = JSONCursor(line, strings: strings, maxStringBytes: maxStringBytes)
            suiteCursor.position = body.lowerBound
            return .suite(try suiteCursor.decodeSuiteRecord())
        case .run:
            guard let runIndex else { throw cursor.failure("missing field runIndex") }
            return .run(index: runIndex, try decoder.decode(RunRecord.self, from: bodyData()))
        case .runEnd:
            guard let runIndex else { throw cursor.failure("missing field runIndex") }
            return .runEnd(index: runIndex, try decoder.decode(RunEnd.self, from: bodyData()))
        }
    }

    /// Decodes a line that is expected to be a test and appends its test to `tests`; a line of another kind adds
    /// nothing. Reading tests in bulk goes through here, without wrapping each test in a ``RecordLine`` (and the
    /// test moves straight into the array).
    static func decodeTest(
        _ line: UnsafeBufferPointer<UInt8>, strings: StringCache?, maxStringBytes: Int = .max,
        into tests: inout [TestRecord]
    ) throws {
        if let test = try decodeTest(line, strings: strings, maxStringBytes: maxStringBytes) { tests.append(test) }
    }

    /// Decodes a line that is expected to be a test: its test, or `nil` for a line of another kind.
    static func decodeTest(
        _ line: UnsafeBufferPointer<UInt8>, strings: StringCache?, maxStringBytes: Int = .max
    ) throws -> TestRecord? {
        var cursor = JSONCursor(line, strings: strings, maxStringBytes: maxStringBytes)
        var isTest: Bool?
        var test: TestRecord?
        try cursor.readObject { cursor, key in
            if key.equals("kind") {
                isTest = try cursor.readString(equals: "test")
            } else if key.equals("test") {
                test = try cursor.decodeTestRecord()
            } else {
                try cursor.skipValue()
            }
        }
        guard cursor.peek() == nil else { throw cursor.failure("text after the record's object") }
        guard let isTest else { throw cursor.failure("missing field kind") }
        guard isTest else { return nil }
        guard test != nil else { throw cursor.failure("missing field test") }
        return test.take()
    }

    /// The kind of a line and, for a test line, its identity, without decoding the rest.
    static func decodeHead(_ line: UnsafeBufferPointer<UInt8>) throws -> (kind: String, identity: TestIdentity?) {
        var cursor = JSONCursor(line)
        var kind: String?
        var identity: TestIdentity?
        try cursor.readObject { cursor, key in
            if key.equals("kind") {
                kind = try cursor.readString()
            } else if key.equals("test") {
                try cursor.readObject { cursor, key in
                    if key.equals("identity") {
                        identity = try cursor.decodeTestIdentity()
                    } else {
                        try cursor.skipValue()
                    }
                }
            } else {
                try cursor.skipValue()
            }
        }
        guard let kind else { throw cursor.failure("missing field kind") }
        return (kind, identity)
    }
}
