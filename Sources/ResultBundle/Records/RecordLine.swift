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
    /// Appends `{"kind":"test","test":{...}}\n`.
    static func appendTest(_ test: TestRecord, to json: inout JSONBytes) {
        json.beginObject()
        json.key("kind"); json.string(RecordLine.Kind.test.rawValue)
        json.key("test"); json.encode(test)
        json.endObject()
        json.newline()
    }

    /// Appends a line for any record.
    static func appendOther(_ line: RecordLine, to json: inout JSONBytes) {
        json.beginObject()
        switch line {
        case .run(let index, let run):
            json.key("kind"); json.string(RecordLine.Kind.run.rawValue)
            json.key("runIndex"); json.int(index)
            json.key("run"); json.encode(run)
        case .runEnd(let index, let end):
            json.key("kind"); json.string(RecordLine.Kind.runEnd.rawValue)
            json.key("runIndex"); json.int(index)
            json.key("runEnd"); json.encode(end)
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
    /// Decodes one line with the generated cursor. Strings longer than `maxStringBytes` are cut (``TextCut``).
    static func decode(
        _ line: UnsafeBufferPointer<UInt8>, strings: StringCache? = nil, maxStringBytes: Int = .max
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
        /// A cursor on the record inside the line (`run`, `runEnd` or `suite`), which must match the line's kind.
        func bodyCursor() throws -> JSONCursor {
            guard let body, bodyKey == kind else { throw cursor.failure("missing field \(kind)") }
            var bodyCursor = JSONCursor(line, strings: strings, maxStringBytes: maxStringBytes)
            bodyCursor.position = body.lowerBound
            return bodyCursor
        }
        switch known {
        case .test:
            guard let test = test.take() else { throw cursor.failure("missing field test") }
            return .test(test)
        case .suite:
            var suiteCursor = try bodyCursor()
            return .suite(try suiteCursor.decodeSuiteRecord())
        case .run:
            guard let runIndex else { throw cursor.failure("missing field runIndex") }
            var runCursor = try bodyCursor()
            return .run(index: runIndex, try runCursor.decodeRunRecord())
        case .runEnd:
            guard let runIndex else { throw cursor.failure("missing field runIndex") }
            var endCursor = try bodyCursor()
            return .runEnd(index: runIndex, try endCursor.decodeRunEnd())
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
