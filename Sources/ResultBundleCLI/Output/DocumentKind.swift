import CIAnnotations
import Coverage
import Foundation

/// What a file output holds, which decides the existing files it may replace without --force (docs/OUTPUTS.md):
/// only one that looks like its own kind, so that `summary -o notes.md` never replaces notes a person wrote.
enum DocumentKind: Equatable {
    /// JUnit XML, from any tool (its root element is `testsuites` or `testsuite`).
    case junitXML
    /// A Markdown summary that `resultbundle summary` wrote (it starts with ``MarkdownSummaryMarker/line``).
    case markdownSummary
    /// The JSON `resultbundle json` writes (it starts with `{"schemaVersion":`).
    case bundleJSON
    /// The output of `annotate` in one CI system's format.
    case annotations(AnnotationFormat)
    /// A single-file HTML report (its head inlines the report's style sheet, which starts with a comment naming
    /// it; a report made with other --templates is replaced only with --force).
    case singleFileReport
    /// A terminal snapshot: plain text or ANSI carries no sign of its writer, so it replaces only an empty file.
    case snapshot
    /// A coverage export: Cobertura XML or an lcov tracefile from any tool, SonarQube's generic coverage XML, or
    /// the JSON `coverage export` writes.
    case coverageExport(CoverageExportFormat)
    /// What `coverage diff` writes: Markdown and JSON carry its mark; text replaces only an empty file.
    case coverageDiff(CoverageDiffCommand.Format)

    /// How a refusal names the kind.
    var description: String {
        switch self {
        case .junitXML: "JUnit XML"
        case .markdownSummary: "a Markdown summary written by resultbundle"
        case .bundleJSON: "JSON written by resultbundle json"
        case .annotations(let format): "\(format.rawValue) annotations written by resultbundle"
        case .singleFileReport: "a report written by resultbundle"
        case .snapshot: "an empty file (a snapshot replaces nothing else without --force)"
        case .coverageExport(.cobertura): "Cobertura XML"
        case .coverageExport(.lcov): "an lcov tracefile"
        case .coverageExport(.sonarqube): "SonarQube generic coverage XML"
        case .coverageExport(.json): "coverage JSON written by resultbundle"
        case .coverageDiff(.text): "an empty file (coverage diff's text replaces nothing else without --force)"
        case .coverageDiff(.markdown): "a Markdown diff coverage written by resultbundle"
        case .coverageDiff(.json): "diff coverage JSON written by resultbundle"
        }
    }

    /// Whether the regular file at `url` is empty or holds this kind of output, reading only as much as needed.
    func recognizes(_ url: URL) -> Bool {
        guard let head = DocumentSniffer.head(of: url) else { return false }
        if head.isEmpty { return true }
        switch self {
        case .junitXML:
            return DocumentSniffer.rootElement(of: head).map { ["testsuites", "testsuite"].contains($0) } ?? false
        case .markdownSummary: return head.starts(with: Array(MarkdownSummaryMarker.line.utf8))
        case .bundleJSON: return head.starts(with: Array(#"{"schemaVersion":""#.utf8))
        case .annotations(let format): return DocumentSniffer.isAnnotations(head, format: format)
        case .singleFileReport:
            return head.starts(with: Array("<!DOCTYPE html>".utf8))
                && DocumentSniffer.contains("<style>/* ResultBundle report styles.", in: head)
        case .snapshot: return false
        case .coverageExport(let format): return Self.isCoverageExport(head, format: format)
        case .coverageDiff(.text): return false
        case .coverageDiff(.markdown): return head.starts(with: Array(DiffCoverageMarkdown.marker.utf8))
        case .coverageDiff(.json): return head.starts(with: Array(#"{"schema":"resultbundle-coverage-diff""#.utf8))
        }
    }

    /// Whether `head` begins a coverage file of `format`, from any tool for the formats others write too.
    private static func isCoverageExport(_ head: [UInt8], format: CoverageExportFormat) -> Bool {
        switch format {
        case .cobertura:
            return DocumentSniffer.rootElement(of: head) == "coverage"
                && DocumentSniffer.contains("line-rate=", in: head)
        case .sonarqube:
            return DocumentSniffer.rootElement(of: head) == "coverage"
                && !DocumentSniffer.contains("line-rate=", in: head)
                && (DocumentSniffer.contains("<file ", in: head) || DocumentSniffer.contains("version=\"1\"", in: head))
        case .lcov: return head.starts(with: Array("TN:".utf8)) || head.starts(with: Array("SF:".utf8))
        case .json: return head.starts(with: Array(#"{"schema":"resultbundle-coverage","#.utf8))
        }
    }
}
