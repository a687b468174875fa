import ResultModel

/// Azure Pipelines logging commands:
/// `##vso[task.logissue type=error;sourcepath=F;linenumber=L;columnnumber=C;]Title: message` for each failed test,
/// `type=warning` for performance regressions and flaky tests. Azure keeps every issue, so there is no cap unless
/// ``maxPerSeverity`` is set; the rest are then counted in one plain line.
///
/// Escaping follows `azure-pipelines-task-lib` (`node/taskcommand.ts`): in the message `%`, CR and LF become
/// `%AZP25`, `%0D`, `%0A`; in property values also `;` and `]` become `%3B` and `%5D`.
public struct AzureAnnotations: AnnotationWriter {
    /// The most annotations written per severity; `nil` writes all.
    public var maxPerSeverity: Int?
    private var written = PerSeverity { _ in 0 }
    private var omitted = 0

    /// Creates the writer.
    public init(maxPerSeverity: Int? = nil) {
        self.maxPerSeverity = maxPerSeverity.map { max(0, $0) }
    }

    public mutating func add(_ test: TestRecord, annotation: Annotation?) -> String {
        guard let annotation else { return "" }
        if let maxPerSeverity, written[annotation.severity] >= maxPerSeverity {
            omitted += 1
            return ""
        }
        written[annotation.severity] += 1
        return Self.command(for: annotation) + "\n"
    }

    public func room(for severity: Annotation.Severity) -> Int? {
        maxPerSeverity.map { max(0, $0 - written[severity]) }
    }

    public mutating func countUnwritten(_ severity: Annotation.Severity) { omitted += 1 }

    public mutating func add(_ note: RunNote) -> String {
        "##vso[task.logissue type=warning;]" + Self.escapeData(note.text) + "\n"
    }

    public mutating func finish() -> String {
        guard omitted > 0 else { return "" }
        return "resultbundle: \(omitted) more failed or flaky tests are not annotated (--max-annotations)\n"
    }

    /// The logging command for `annotation`, without a line break.
    public static func command(for annotation: Annotation) -> String {
        var properties = "type=\(annotation.severity.rawValue);"
        if let file = annotation.file {
            properties += "sourcepath=" + escapeProperty(file) + ";"
            if let line = annotation.line {
                properties += "linenumber=\(line);"
                if let column = annotation.column { properties += "columnnumber=\(column);" }
            }
        }
        return "##vso[task.logissue " + properties + "]" + escapeData(annotation.title + ": " + annotation.message)
    }

    /// A message (after `]`): `%`, CR and LF escaped.
    public static func escapeData(_ text: String) -> String {
        escape(text, property: false)
    }

    /// A property value: as ``escapeData(_:)``, and `;` and `]` too.
    public static func escapeProperty(_ text: String) -> String {
        escape(text, property: true)
    }

    /// The replacements of a message (data) and, added to them, of a property value.
    private static let data: [Unicode.Scalar: String] = ["%": "%AZP25", "\r": "%0D", "\n": "%0A"]
    private static let property = data.merging([";": "%3B", "]": "%5D"]) { first, _ in first }

    private static func escape(_ text: String, property isProperty: Bool) -> String {
        AnnotationText.replacing(text, isProperty ? property : data)
    }
}
