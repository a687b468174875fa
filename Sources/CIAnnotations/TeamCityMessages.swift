import ResultModel
import ResultSupport

/// TeamCity service messages for the whole test tree: `testSuiteStarted`/`testSuiteFinished` around each module and
/// suite, once per suite even when a parallel run stored its tests interleaved with others' (up to 16 MiB of
/// messages are held to group them), and for each test `testStarted`, then `testFailed` (message: the first line; details: the whole message
/// and its place) or `testIgnored` (the skip reason), then `testFinished` with its duration in milliseconds. A test
/// that passed on retry gets a `message` with status `WARNING` naming the failure it recovered from.
///
/// Values are escaped as the TeamCity documentation's "Escaped values" table says: `|` → `||`, `'` → `|'`, LF → `|n`,
/// CR → `|r`, `[` → `|[`, `]` → `|]`, NEL (U+0085) → `|x`, LINE SEPARATOR → `|l`, PARAGRAPH SEPARATOR → `|p`, and
/// any other control character as `|0xNNNN`; so a message is always one line and no text ends its value.
public struct TeamCityMessages: AnnotationWriter {
    /// The suites whose tests are held, as a tree in the order each suite was first seen: a parallel run stores
    /// the tests of several suites interleaved, and TeamCity shows a suite opened twice as two suites.
    private var tree = SuiteNode()
    private var heldBytes = 0
    /// The most message text held before it is written out; past it (a run of millions of interleaved tests) a
    /// suite may open again, and memory stays bounded.
    var holdLimit = 16 << 20

    /// Creates the writer.
    public init() {}

    /// Every test gets its `testStarted` and `testFinished` messages.
    public var readsEveryTest: Bool { true }

    public mutating func add(_ test: TestRecord, annotation: Annotation?) -> String {
        let path = ((test.identity.module.map { [$0] } ?? []) + test.identity.suites).map {
            AnnotationText.singleLine($0, limit: 1_000)
        }
        let text = Self.messages(for: test, annotation: annotation)
        tree.append(text, at: path[...])
        heldBytes += text.utf8.count
        guard heldBytes >= holdLimit else { return "" }
        return finish()
    }

    public mutating func add(_ note: RunNote) -> String {
        Self.message("message", ["text": note.text, "status": "WARNING"])
    }

    public mutating func finish() -> String {
        var text = ""
        tree.write(into: &text)
        tree = SuiteNode()
        heldBytes = 0
        return text
    }

    /// One test's messages, from `testStarted` to `testFinished`.
    private static func messages(for test: TestRecord, annotation: Annotation?) -> String {
        let name = AnnotationText.singleLine(test.identity.name, limit: 1_000)
        var text = Self.message("testStarted", ["name": name])
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

    /// A suite (the root: none): its own tests' messages and its child suites, in the order each was first seen.
    private struct SuiteNode {
        enum Entry {
            /// An index into ``messages``: the messages of tests that came one after another.
            case tests(Int)
            case suite(String)
        }
        var entries: [Entry] = []
        var messages: [String] = []
        var children: [String: SuiteNode] = [:]

        mutating func append(_ text: String, at path: ArraySlice<String>) {
            guard let name = path.first else {
                if case .tests(let index) = entries.last {
                    messages[index] += text
                } else {
                    entries.append(.tests(messages.count))
                    messages.append(text)
                }
                return
            }
            if children[name] == nil { entries.append(.suite(name)) }
            children[name, default: SuiteNode()].append(text, at: path.dropFirst())
        }

        /// Each entry in order, a child suite between its `testSuiteStarted` and `testSuiteFinished`.
        func write(into text: inout String) {
            for entry in entries {
                switch entry {
                case .tests(let index): text += messages[index]
                case .suite(let name):
                    text += TeamCityMessages.message("testSuiteStarted", ["name": name])
                    children[name]?.write(into: &text)
                    text += TeamCityMessages.message("testSuiteFinished", ["name": name])
                }
            }
        }
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
