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

extension RecordLine: Decodable {
    private enum Keys: String, CodingKey {
        case kind, runIndex, run, runEnd, suite, test
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch Kind(rawValue: kind) {
        case .run:
            self = .run(index: try container.decode(Int.self, forKey: .runIndex),
                        try container.decode(RunRecord.self, forKey: .run))
        case .runEnd:
            self = .runEnd(index: try container.decode(Int.self, forKey: .runIndex),
                           try container.decode(RunEnd.self, forKey: .runEnd))
        case .suite: self = .suite(try container.decode(SuiteRecord.self, forKey: .suite))
        case .test: self = .test(try container.decode(TestRecord.self, forKey: .test))
        case nil: self = .unknown(kind: kind)
        }
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

    /// Encoder for the less frequent records (runs, run ends, suites).
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

    /// Appends a line for a run, run end or suite, encoded with `JSONEncoder`.
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
            json.key("suite"); json.raw(try encoder.encode(suite))
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
