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
        let reader = try CoverageXMLReader.forEachNode(of: input, format: "JaCoCo XML", context) { node, reader in
            switch node {
            case .start(let name, let isEmpty): state.start(name, reader, isEmpty: isEmpty)
            case .end(let name): state.end(name)
            case .text: break
            }
        }
        guard state.sawRoot else {
            throw CoverageError(.malformed, "no <report> element", file: context.fileName, line: reader.line)
        }
        context.declare(
            linesFound: state.declaredLines.map { $0.missed + $0.covered }, linesHit: state.declaredLines?.covered,
            lineRate: nil, by: "the report's LINE counter")
    }
}

/// Where a JaCoCo document's reading is.
private struct JaCoCoState {
    let context: CoverageInputContext
    var sawRoot = false
    /// Elements open below the root: the report's own counters are at depth 1.
    var depth = 0
    var package = ""
    var classFile: CoverageInputContext.FileHandle?
    var className = ""
    var method: (name: String, line: Int, covered: Bool)?
    var sourceFile: CoverageInputContext.FileHandle?
    var declaredLines: (missed: Int, covered: Int)?

    init(context: CoverageInputContext) { self.context = context }

    mutating func start(_ name: String, _ reader: CoverageXMLReader, isEmpty: Bool) {
        defer { if !isEmpty { depth += 1 } }
        switch name {
        case "report": sawRoot = true
        case "package": package = reader.attributes()["name"] ?? ""
        case "class":
            let attributes = reader.attributes()
            className = (attributes["name"] ?? "").split(separator: "/").last.map(String.init) ?? ""
            classFile = attributes["sourcefilename"].flatMap { context.file(sourcePath($0)) }
        case "method":
            let attributes = reader.attributes()
            method = (attributes["name"] ?? "", Int(attributes["line"] ?? "") ?? 0, false)
            if isEmpty { endMethod() }
        case "counter":
            let attributes = reader.attributes()
            guard let type = attributes["type"], let missed = attributes["missed"].flatMap({ Int($0) }),
                let covered = attributes["covered"].flatMap({ Int($0) })
            else { return }
            if type == "METHOD", method != nil { method?.covered = covered > 0 }
            if type == "LINE", depth == 1 { declaredLines = (missed, covered) }
        case "sourcefile":
            sourceFile = reader.attributes()["name"].flatMap { context.file(sourcePath($0)) }
        case "line":
            guard let sourceFile else { return }
            let attributes = reader.attributes()
            guard let number = attributes["nr"].flatMap({ ByteFields.lineNumber(Array($0.utf8)) }) else {
                return context.note("<line> elements without a number")
            }
            func count(_ key: String) -> Int { attributes[key].flatMap { Int($0) } ?? 0 }
            let (missedBranches, coveredBranches) = (count("mb"), count("cb"))
            context.addLine(sourceFile, line: number, count: .count(count("ci") > 0 ? 1 : 0))
            if missedBranches + coveredBranches > 0 {
                context.addBranches(
                    sourceFile, line: number, found: missedBranches + coveredBranches, hit: coveredBranches)
            }
        default: break
        }
    }

    mutating func end(_ name: String) {
        depth -= 1
        switch name {
        case "method": endMethod()
        case "class": classFile = nil
        case "sourcefile": sourceFile = nil
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
