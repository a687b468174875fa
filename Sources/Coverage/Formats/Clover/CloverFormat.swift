import ResultImport

/// Clover XML (OpenClover, PHPUnit `--coverage-clover`, Istanbul's `clover` reporter, gcovr `--clover`):
/// `<coverage>` with a `<project>` of `<package>`s of `<file path>`s (or files straight in the project), each with
/// `<line num count type>` where `type` is `stmt` (a statement), `cond` (a condition, with `truecount` and
/// `falsecount`) or `method`, read as a stream.
///
/// Statements and conditions are the lines (a line's count is the largest of its elements'); methods are
/// functions. `<testproject>` (the coverage of the test code itself, which Clover's own totals leave out) is
/// skipped.
struct CloverFormat: CoverageFormat {
    var name: String { "clover" }
    var summary: String { "Clover XML (OpenClover, PHPUnit, Istanbul, gcovr --clover)" }
    /// OpenClover writes one `<line>` per statement, several on one source line.
    var sumsRepeatedLines: Bool { false }

    func recognizes(_ probe: FormatProbe) -> Bool {
        probe.xmlRootElement == "coverage"
            && (probe.text.contains("<project") || probe.text.contains(" clover="))
    }

    func read(_ input: ImportInput, into context: CoverageInputContext) throws {
        var inProject = false
        var file: CoverageInputContext.FileHandle?
        try CoverageXML.read(
            input, format: "Clover XML", context, root: CloverElement.coverage,
            start: { element, isEmpty, reader in
                switch element {
                case .project: inProject = !isEmpty
                case .file:
                    guard inProject else { return }
                    file = context.file(reader.attribute("path") ?? reader.attribute("name") ?? "")
                case .line:
                    guard let file else { return }
                    Self.addLine(reader, file, context)
                case .coverage, .other: break
                }
            },
            end: { element in
                switch element {
                case .project: inProject = false
                case .file: file = nil
                default: break
                }
            })
    }

    private static func addLine(
        _ reader: XMLStreamReader, _ file: CoverageInputContext.FileHandle, _ context: CoverageInputContext
    ) {
        guard let number = CoverageXML.lineNumber(reader, "num") else {
            return context.note("<line> elements without a num")
        }
        switch reader.attribute("type") {
        case "stmt":
            context.addLine(file, line: number, count: CoverageXML.count(reader, "count"))
        case "cond":
            let whenTrue = CoverageXML.integer(reader, "truecount") ?? 0
            let whenFalse = CoverageXML.integer(reader, "falsecount") ?? 0
            guard whenTrue >= 0, whenFalse >= 0 else { return context.note("negative condition counts") }
            if reader.attribute("count") != nil {
                // Istanbul: the line's count, then the branch outcomes taken and not taken.
                context.addLine(file, line: number, count: CoverageXML.count(reader, "count"))
                context.addBranches(file, line: number, found: whenTrue + whenFalse, hit: whenTrue)
            } else {
                // OpenClover: how often the condition was true and how often false, two outcomes.
                let sum = HitCount.adding(UInt64(whenTrue), UInt64(whenFalse))
                context.addLine(file, line: number, count: .count(sum))
                context.addBranches(file, line: number, found: 2, hit: (whenTrue > 0 ? 1 : 0) + (whenFalse > 0 ? 1 : 0))
            }
        case "method":
            let name = reader.attribute("name") ?? reader.attribute("signature") ?? "(method)"
            context.addFunction(file, name: name, line: number, count: CoverageXML.count(reader, "count"))
        default:
            context.note("<line> elements of an unknown type")
        }
    }
}

/// The Clover elements the reader acts on.
enum CloverElement: Int, XMLElementSet {
    case coverage, project, file, line, other

    var name: StaticString {
        switch self {
        case .coverage: "coverage"
        case .project: "project"
        case .file: "file"
        case .line: "line"
        case .other: ""
        }
    }
}
