import Foundation
import ResultImport

/// JaCoCo's XML report (`jacococli report --xml`, the Maven and Gradle plugins): `<report>` of `<package>`s (maybe in
/// `<group>`s), each with `<class>`es of `<method>`s and `<sourcefile>`s of `<line nr mi ci mb cb>`, read as a
/// stream.
///
/// JaCoCo counts instructions, not executions: a line with a covered instruction counts 1, as JaCoCo's own line
/// counter has it; `mb`/`cb` are its branches missed and covered.
struct JaCoCoFormat: CoverageFormat {
    var name: String { "jacoco" }
    var summary: String { "JaCoCo XML (jacococli, the JaCoCo Maven and Gradle plugins)" }
    var sumsRepeatedLines: Bool { false }

    func recognizes(_ probe: FormatProbe) -> Bool {
        probe.xmlRootElement == "report"
            && (probe.text.contains("-//JACOCO//DTD") || probe.text.contains("<sessioninfo")
                || probe.text.contains("<sourcefile"))
    }

    func read(_ input: ImportInput, into context: CoverageInputContext) throws {
        var state = JaCoCoState(context: context)
        try CoverageXML.read(
            input, format: "JaCoCo XML", context, root: JaCoCoElement.report,
            start: { state.start($0, $2, isEmpty: $1) }, end: { state.end($0) })
        context.declare(
            linesFound: state.declaredLines.map { $0.missed + $0.covered }, linesHit: state.declaredLines?.covered,
            lineRate: nil, by: "the report's LINE counter")
    }
}

/// The JaCoCo elements the reader acts on.
enum JaCoCoElement: Int, XMLElementSet {
    case report, package, `class`, method, counter, sourcefile, line, other

    var name: StaticString {
        switch self {
        case .report: "report"
        case .package: "package"
        case .class: "class"
        case .method: "method"
        case .counter: "counter"
        case .sourcefile: "sourcefile"
        case .line: "line"
        case .other: ""
        }
    }
}

/// Where a JaCoCo document's reading is.
private struct JaCoCoState {
    let context: CoverageInputContext
    /// Elements open below the root: the report's own counters are at depth 1.
    var depth = 0
    var package = ""
    var classFile: CoverageInputContext.FileHandle?
    var className = ""
    var method: (name: String, line: Int, covered: Bool)?
    var sourceFile: CoverageInputContext.FileHandle?
    var declaredLines: (missed: Int, covered: Int)?

    init(context: CoverageInputContext) { self.context = context }

    mutating func start(_ element: JaCoCoElement, _ reader: XMLStreamReader, isEmpty: Bool) {
        defer { if !isEmpty { depth += 1 } }
        switch element {
        case .package: package = reader.attribute("name") ?? ""
        case .class:
            className = (reader.attribute("name") ?? "").split(separator: "/").last.map(String.init) ?? ""
            classFile = reader.attribute("sourcefilename").flatMap { context.file(sourcePath($0)) }
        case .method:
            method = (reader.attribute("name") ?? "", CoverageXML.integer(reader, "line") ?? 0, false)
            if isEmpty { endMethod() }
        case .counter:
            guard let type = reader.attribute("type"), let missed = CoverageXML.integer(reader, "missed"),
                let covered = CoverageXML.integer(reader, "covered")
            else { return }
            if type == "METHOD", method != nil { method?.covered = covered > 0 }
            if type == "LINE", depth == 1 { declaredLines = (missed, covered) }
        case .sourcefile:
            sourceFile = reader.attribute("name").flatMap { context.file(sourcePath($0)) }
        case .line:
            guard let sourceFile else { return }
            guard let number = CoverageXML.lineNumber(reader, "nr") else {
                return context.note("<line> elements without a number")
            }
            func count(_ key: StaticString) -> Int { CoverageXML.integer(reader, key) ?? 0 }
            let (missedBranches, coveredBranches) = (count("mb"), count("cb"))
            context.addLine(sourceFile, line: number, count: .count(count("ci") > 0 ? 1 : 0))
            if missedBranches + coveredBranches > 0 {
                context.addBranches(
                    sourceFile, line: number, found: missedBranches + coveredBranches, hit: coveredBranches)
            }
        case .report, .other: break
        }
    }

    mutating func end(_ element: JaCoCoElement) {
        depth -= 1
        switch element {
        case .method: endMethod()
        case .class: classFile = nil
        case .sourcefile: sourceFile = nil
        default: break
        }
    }

    private mutating func endMethod() {
        if let method, let classFile {
            let name = className.isEmpty ? method.name : className + "." + method.name
            context.addFunction(classFile, name: name, line: method.line, count: .count(method.covered ? 1 : 0))
        }
        method = nil
    }

    /// A source file's path: its package's folder and its name, under the first of the usual source folders that
    /// holds it (`src/main/java`, `src/main/kotlin`, `src/main/scala`, `src`), else relative to the root.
    private func sourcePath(_ fileName: String) -> String {
        let relative = package.isEmpty ? fileName : package + "/" + fileName
        for folder in ["src/main/java/", "src/main/kotlin/", "src/main/scala/", "src/"]
        where FileManager.default.fileExists(atPath: context.sourceRoot + "/" + folder + relative) {
            return folder + relative
        }
        return relative
    }
}
