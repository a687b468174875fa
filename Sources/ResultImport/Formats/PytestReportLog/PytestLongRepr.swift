import ResultModel

/// A pytest report's `longrepr`, as the report log serialises it: a string (a collection error), a list
/// `[path, line, "Skipped: reason"]` (a skip) or an object whose `reprcrash` holds the message and the place and
/// whose `reprtraceback` holds the lines pytest prints.
enum PytestLongRepr {
    /// The failure's message, place and printed traceback.
    static func failure(_ value: JSONValue?) -> (message: String, location: SourceLocation?, details: String?) {
        switch value {
        case .string(let text):
            let lines = text.split(separator: "\n")
            let message = lines.last { $0.hasPrefix("E ") }.map { String($0.dropFirst(2).drop { $0 == " " }) }
            return (message ?? lines.first.map(String.init) ?? "failed", nil, text)
        case .object:
            let crash = value?["reprcrash"]
            let message = crash?.text("message") ?? "failed"
            let location = crash?.text("path").flatMap { path in
                crash?["lineno"]?.int.flatMap { $0 > 0 ? SourceLocation(file: path, line: $0) : nil }
            }
            return (message, location, traceback(value?["reprtraceback"]))
        default:
            return ("failed", nil, nil)
        }
    }

    /// A skip's reason (`Skipped: not on this platform` → `not on this platform`).
    static func skipReason(_ value: JSONValue?) -> String? {
        let text: String?
        switch value {
        case .array(let parts): text = parts.last?.string
        case .string(let string): text = string
        default: text = nil
        }
        guard var text else { return nil }
        if text.hasPrefix("Skipped: ") { text.removeFirst("Skipped: ".count) }
        return text
    }

    /// The lines pytest prints for a traceback: each entry's lines and its `file:line: message`.
    private static func traceback(_ value: JSONValue?) -> String? {
        guard let entries = value?["reprentries"]?.array else { return nil }
        var blocks: [String] = []
        for entry in entries {
            var lines = entry["data"]?["lines"]?.array?.compactMap(\.string) ?? []
            if let place = entry["data"]?["reprfileloc"] {
                let path = place.text("path") ?? ""
                let line = place.text("lineno") ?? ""
                lines.append("\(path):\(line): \(place.text("message") ?? "")")
            }
            blocks.append(lines.joined(separator: "\n"))
        }
        let text = blocks.joined(separator: "\n\n")
        return text.isEmpty ? nil : text
    }
}
