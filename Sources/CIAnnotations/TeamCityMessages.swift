import ResultModel
import ResultSupport

/// TeamCity service messages for the whole test tree: `testSuiteStarted`/`testSuiteFinished` around each module and
/// suite, and for each test `testStarted`, then `testFailed` (message: the first line; details: the whole message
/// and its place) or `testIgnored` (the skip reason), then `testFinished` with its duration in milliseconds. A test
/// that passed on retry gets a `message` with status `WARNING` naming the failure it recovered from.
///
/// Values are escaped as the TeamCity documentation's "Escaped values" table says: `|` → `||`, `'` → `|'`, LF → `|n`,
/// CR → `|r`, `[` → `|[`, `]` → `|]`, NEL (U+0085) → `|x`, LINE SEPARATOR → `|l`, PARAGRAPH SEPARATOR → `|p`, and
/// any other control character as `|0xNNNN`; so a message is always one line and no text ends its value.
public struct TeamCityMessages: AnnotationWriter {
    private var openSuites: [String] = []

    /// Creates the writer.
    public init() {}

    public mutating func add(_ test: TestRecord, annotation: Annotation?) -> String {
        let path = ((test.identity.module.map { [$0] } ?? []) + test.identity.suites).map {
            AnnotationText.singleLine($0, limit: 1_000)
        }
        var text = ""
        let shared = zip(openSuites, path).prefix { $0 == $1 }.count
        while openSuites.count > shared { text += Self.message("testSuiteFinished", ["name": openSuites.removeLast()]) }
        for suite in path.dropFirst(shared) {
            text += Self.message("testSuiteStarted", ["name": suite])
            openSuites.append(suite)
        }
        let name = AnnotationText.singleLine(test.identity.name, limit: 1_000)
        text += Self.message("testStarted", ["name": name])
        if test.status == .skipped {
            let reason = test.finalAttempt?.statusReason ?? ""
            text += Self.message("testIgnored", ["name": name, "message": AnnotationText.singleLine(reason)])
        } else if let annotation, test.status.isFailure {
            var details = annotation.message
            if let place = annotation.place { details += "\nat " + place }
            text += Self.message("testFailed", ["name": name, "message": annotation.firstLine, "details": details])
        } else if let annotation, annotation.kind == .flaky {
            text += Self.message(
                "message", ["text": annotation.title + ": " + annotation.firstLine, "status": "WARNING"])
        }
        let milliseconds = Int(saturating: ((test.duration ?? 0) * 1000).rounded())
        text += Self.message("testFinished", ["name": name, "duration": "\(max(0, milliseconds))"])
        return text
    }

    public mutating func add(_ note: RunNote) -> String {
        Self.message("message", ["text": note.text, "status": "WARNING"])
    }

    public mutating func finish() -> String {
        var text = ""
        while let suite = openSuites.popLast() { text += Self.message("testSuiteFinished", ["name": suite]) }
        return text
    }

    /// `##teamcity[name key='value' ...]` and a line feed; attributes in the order `name`, `message`, `details`,
    /// `text`, `status`, `duration`.
    static func message(_ name: String, _ attributes: [String: String]) -> String {
        var text = "##teamcity[" + name
        for key in ["name", "message", "details", "text", "status", "duration"] {
            guard let value = attributes[key] else { continue }
            text += " \(key)='" + escape(value) + "'"
        }
        return text + "]\n"
    }

    /// `text` as a TeamCity value (without its quotes).
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x7C: result += "||"
            case 0x27: result += "|'"
            case 0x0A: result += "|n"
            case 0x0D: result += "|r"
            case 0x5B: result += "|["
            case 0x5D: result += "|]"
            case 0x85: result += "|x"
            case 0x2028: result += "|l"
            case 0x2029: result += "|p"
            case 0..<0x20, 0x7F, 0x80..<0xA0:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "|0x" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
