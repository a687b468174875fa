import ResultModel

/// GitHub Actions workflow commands: `::error file=F,line=L,col=C,title=T::message` for each failed test and
/// `::warning …` for performance regressions and flaky tests, at most ``maxPerSeverity`` of each (GitHub shows 10
/// error and 10 warning annotations per step, 50 per job); the rest are counted in one `::notice::` line.
///
/// Escaping follows the runner and `@actions/core` (`command.ts`): in the message `%`, CR and LF become `%25`,
/// `%0D`, `%0A`; in property values also `:` and `,` become `%3A` and `%2C`. So every annotation is one line, and
/// no text of it can end its properties or start another command.
public struct GitHubAnnotations: AnnotationWriter {
    /// The most annotations written per severity.
    public var maxPerSeverity: Int
    private var written = PerSeverity { _ in 0 }
    private var omitted = PerSeverity { _ in 0 }

    /// Creates the writer; `maxPerSeverity` defaults to GitHub's per-step limit.
    public init(maxPerSeverity: Int = 10) {
        self.maxPerSeverity = max(0, maxPerSeverity)
    }

    public mutating func add(_ test: TestRecord, annotation: Annotation?) -> String {
        guard let annotation else { return "" }
        let severity = annotation.severity
        guard written[severity] < maxPerSeverity else {
            omitted[severity] += 1
            return ""
        }
        written[severity] += 1
        return Self.command(for: annotation) + "\n"
    }

    public func room(for severity: Annotation.Severity) -> Int? {
        max(0, maxPerSeverity - written[severity])
    }

    public mutating func countUnwritten(_ severity: Annotation.Severity) { omitted[severity] += 1 }

    public mutating func add(_ note: RunNote) -> String {
        (note.kind == .empty ? "::warning" : "::notice") + " title=resultbundle::" + Self.escapeData(note.text) + "\n"
    }

    public mutating func finish() -> String {
        let errors = omitted.error
        let warnings = omitted.warning
        guard errors + warnings > 0 else { return "" }
        var parts: [String] = []
        if errors > 0 { parts.append("\(errors) more failed " + (errors == 1 ? "test" : "tests")) }
        if warnings > 0 { parts.append("\(warnings) more " + (warnings == 1 ? "warning" : "warnings")) }
        let verb = errors + warnings == 1 ? "is" : "are"
        let text =
            parts.joined(separator: " and ")
            + " \(verb) not annotated (annotations stop at \(maxPerSeverity) of each kind, --max-annotations); "
            + "the test report lists every one"
        return "::notice title=resultbundle::" + Self.escapeData(text) + "\n"
    }

    /// The workflow command for `annotation`, without a line break.
    public static func command(for annotation: Annotation) -> String {
        var properties: [String] = []
        if let file = annotation.file {
            properties.append("file=" + escapeProperty(file))
            if let line = annotation.line {
                properties.append("line=\(line)")
                if let column = annotation.column { properties.append("col=\(column)") }
            }
        }
        properties.append("title=" + escapeProperty(annotation.title))
        return "::\(annotation.severity.rawValue) " + properties.joined(separator: ",") + "::"
            + escapeData(annotation.message)
    }

    /// A message (the data after `::`): `%`, CR and LF percent-encoded.
    public static func escapeData(_ text: String) -> String {
        escape(text, property: false)
    }

    /// A property value: as ``escapeData(_:)``, and `:` and `,` too.
    public static func escapeProperty(_ text: String) -> String {
        escape(text, property: true)
    }

    /// The replacements of a message (data) and, added to them, of a property value.
    private static let data: [Unicode.Scalar: String] = ["%": "%25", "\r": "%0D", "\n": "%0A"]
    private static let property = data.merging([":": "%3A", ",": "%2C"]) { first, _ in first }

    private static func escape(_ text: String, property isProperty: Bool) -> String {
        AnnotationText.replacing(text, isProperty ? property : data)
    }
}
