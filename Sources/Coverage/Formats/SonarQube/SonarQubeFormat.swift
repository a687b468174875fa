import ResultImport

/// SonarQube's generic test coverage XML (what `sonar.coverageReportPaths` reads; gcovr `--sonarqube` writes it):
/// `<coverage version="1">` of `<file path>`s, each with `<lineToCover lineNumber covered branchesToCover
/// coveredBranches>`, read as a stream.
///
/// The format records whether a line ran, not how often: a covered line counts 1.
struct SonarQubeFormat: CoverageFormat {
    var name: String { "sonarqube" }
    var summary: String { "SonarQube generic coverage XML (gcovr --sonarqube, sonar.coverageReportPaths)" }
    var sumsRepeatedLines: Bool { false }

    func recognizes(_ probe: FormatProbe) -> Bool {
        probe.xmlRootElement == "coverage"
            && (probe.text.contains("<lineToCover") || probe.text.contains("<file path="))
    }

    func read(_ input: ImportInput, into context: CoverageInputContext) throws {
        var file: CoverageInputContext.FileHandle?
        try CoverageXML.read(
            input, format: "SonarQube generic coverage XML", context, root: SonarQubeElement.coverage,
            start: { element, _, reader in
                switch element {
                case .coverage:
                    if let version = reader.attribute("version"), version != "1" {
                        context.warn("the <coverage> element says version \(version); it is read as version 1")
                    }
                case .file:
                    file = context.file(reader.attribute("path") ?? "")
                case .lineToCover:
                    guard let file else { return }
                    Self.addLine(reader, file, context)
                case .other: break
                }
            },
            end: { if $0 == .file { file = nil } })
    }

    private static func addLine(
        _ reader: XMLStreamReader, _ file: CoverageInputContext.FileHandle, _ context: CoverageInputContext
    ) {
        guard let number = CoverageXML.lineNumber(reader, "lineNumber") else {
            return context.note("<lineToCover> elements without a lineNumber")
        }
        let covered: Bool
        switch reader.attribute("covered") {
        case "true": covered = true
        case "false": covered = false
        default: return context.note("<lineToCover> elements whose covered is not true or false")
        }
        context.addLine(file, line: number, count: .count(covered ? 1 : 0))
        if let found = CoverageXML.integer(reader, "branchesToCover"), found != 0 {
            context.addBranches(
                file, line: number, found: found, hit: CoverageXML.integer(reader, "coveredBranches") ?? 0)
        }
    }
}

/// The SonarQube generic coverage elements the reader acts on.
enum SonarQubeElement: Int, XMLElementSet {
    case coverage, file, lineToCover, other

    var name: StaticString {
        switch self {
        case .coverage: "coverage"
        case .file: "file"
        case .lineToCover: "lineToCover"
        case .other: ""
        }
    }
}
