import Foundation
import ResultModel

/// What a test point's diagnostics say: the YAML block of TAP 13 and 14 (`message` or `error`, `at`, `location`,
/// `file` and `line`, `expected`/`wanted` and `actual`/`found`, `stack`), or the comment lines Test::More and bats
/// print after a failed point (`#   at t/basket.t line 6.`, `# (in test file cart.bats, line 10)`).
struct TAPDiagnostics {
    var message: String?
    var location: SourceLocation?
    var details: String?
    /// node's `duration_ms`, in seconds.
    var duration: Double?

    /// Reads a YAML block's lines (their common indentation removed). Only the top-level keys are read; a value
    /// is a plain or quoted scalar, a block scalar (`|`, `|-`, `>`) or a nested mapping, kept as its text.
    init(yaml lines: [String]) {
        var values: [String: String] = [:]
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            guard !line.hasPrefix(" "), let colon = line.firstIndex(of: ":") else { continue }
            let key = String(line[..<colon])
            let inline = line[line.index(after: colon)...].trimmingBlanks
            var nested: [Substring] = []
            while index < lines.count, lines[index].hasPrefix(" ") || lines[index].isEmpty {
                nested.append(lines[index][...])
                index += 1
            }
            // Only the keys read below are worth their values (`found`, `wanted`, `stack` stay in the details).
            guard Self.readKeys.contains(key) else { continue }
            if inline.isEmpty || inline.hasPrefix("|") || inline.hasPrefix(">") {
                let indent = nested.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
                let block = nested.map { $0.dropFirst(min(indent, $0.count)) }.joined(separator: "\n")
                values[key] = inline.hasPrefix(">") ? block.replacingLineBreaks : block
            } else {
                values[key] = Self.unquoted(inline)
            }
        }
        let yaml = lines.joined(separator: "\n")
        message = (values["message"] ?? values["error"]).flatMap { $0.isEmpty ? nil : $0 }
        // bats puts its place in the message: `(in test file cart.bats, line 10)`.
        location =
            Self.location(values)
            ?? message.flatMap { $0.split(separator: "\n").first.flatMap { Self.commentLocation($0.trimmingBlanks) } }
        if let milliseconds = values["duration_ms"].flatMap(Double.init), milliseconds.isFinite, milliseconds >= 0 {
            duration = milliseconds / 1000
        }
        details = yaml.isEmpty ? nil : yaml
    }

    /// The top-level keys whose values the diagnostics use.
    private static let readKeys: Set<String> = ["message", "error", "at", "location", "file", "line", "duration_ms"]

    /// Reads the comment lines after a failed point: the message is pytest-tap's `E   …` line, else the first
    /// line; the place is Test::More's or bats' line, else a frame of a trace among the lines.
    init(comments: [String]) {
        for comment in comments {
            if location == nil { location = Self.commentLocation(comment[...].trimmingBlanks) }
        }
        let lines = comments.map { $0[...].trimmingBlanks }
        let raised = lines.first { $0.hasPrefix("E ") }.map { $0.dropFirst(2).trimmingBlanks }
        message = (raised ?? lines.first { !$0.isEmpty }).map(String.init)
        let text = comments.joined(separator: "\n")
        details = text.isEmpty ? nil : text
        if location == nil, !text.isEmpty { location = TraceLocation.find(in: text, className: nil) }
    }

    private static func location(_ values: [String: String]) -> SourceLocation? {
        if let at = values["at"] ?? values["location"] {
            if at.utf8.contains(0x0A) {
                // node-tap's mapping: `at:\n  line: 5\n  column: 3\n  file: test/x.js`. Only these three keys are
                // kept (the last of each, as a mapping read whole would keep it).
                var file: String?
                var line: String?
                var column: String?
                for entry in at.split(separator: "\n") {
                    guard let colon = entry.firstIndex(of: ":") else { continue }
                    let key = entry[..<colon].trimmingBlanks
                    guard key == "file" || key == "line" || key == "column" else { continue }
                    let value = unquoted(entry[entry.index(after: colon)...].trimmingBlanks)
                    if key == "file" { file = value } else if key == "line" { line = value } else { column = value }
                }
                if let file, let line = line.flatMap({ Int($0) }), line > 0 {
                    return SourceLocation(file: file, line: line, column: column.flatMap { Int($0) })
                }
            } else if let place = TraceLocation.splitFileLine(at[...].trimmingBlanks) {
                return place
            }
        }
        if let file = values["file"], let line = values["line"].flatMap({ Int($0) }), line > 0 {
            return SourceLocation(file: file, line: line)
        }
        return nil
    }

    /// `at t/basket.t line 6.` (Test::More) or `(in test file cart.bats, line 10)` (bats).
    private static func commentLocation(_ text: Substring) -> SourceLocation? {
        if text.hasPrefix("at "), let marker = text.range(of: " line ", options: .backwards) {
            let file = text[text.index(text.startIndex, offsetBy: 3)..<marker.lowerBound]
            let digits = text[marker.upperBound...].prefix { $0.isASCII && $0.isNumber }
            if let line = Int(digits), line > 0, !file.isEmpty { return SourceLocation(file: String(file), line: line) }
        }
        if text.hasPrefix("(in test file "), let comma = text.range(of: ", line ") {
            let file = text[text.index(text.startIndex, offsetBy: "(in test file ".count)..<comma.lowerBound]
            let digits = text[comma.upperBound...].prefix { $0.isASCII && $0.isNumber }
            if let line = Int(digits), line > 0, !file.isEmpty { return SourceLocation(file: String(file), line: line) }
        }
        return nil
    }

    /// A YAML scalar without its quotes (`'a ''b'''` is `a 'b'`, `"a \"b\""` is `a "b"`).
    private static func unquoted(_ text: Substring) -> String {
        // `dropFirst().isEmpty` is `count < 2` without counting every Character of a long value.
        guard !text.dropFirst().isEmpty else { return String(text) }
        if text.first == "'", text.last == "'" {
            let inner = text.dropFirst().dropLast()
            return inner.utf8.contains(UInt8(ascii: "'"))
                ? inner.replacingOccurrences(of: "''", with: "'") : String(inner)
        }
        if text.first == "\"", text.last == "\"" {
            let inner = text.dropFirst().dropLast()
            guard inner.utf8.contains(UInt8(ascii: "\\")) else { return String(inner) }
            return inner.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\n", with: "\n")
        }
        return String(text)
    }
}

extension String {
    fileprivate var replacingLineBreaks: String { split(separator: "\n").joined(separator: " ") }
}
