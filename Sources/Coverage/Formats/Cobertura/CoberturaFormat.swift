import Foundation
import ResultImport

/// Cobertura XML, as coverage.py, gcovr, Istanbul, coverlet and JaCoCo converters write it: `<coverage>` with
/// `<sources>` and `<packages>` of `<class filename=...>`, each with `<lines>` of `<line number hits>` (and
/// `branch="true" condition-coverage="50% (1/2)"`), read as a stream.
struct CoberturaFormat: CoverageFormat {
    var name: String { "cobertura" }
    var summary: String { "Cobertura XML (coverage.py, gcovr, Istanbul, coverlet)" }
    /// A file named by two classes (inner classes, coverlet's nested types) lists one execution twice.
    var sumsRepeatedLines: Bool { false }

    func recognizes(_ probe: FormatProbe) -> Bool {
        // Clover and SonarQube's generic coverage have a <coverage> root too; Cobertura's has these.
        probe.xmlRootElement == "coverage"
            && (probe.text.contains("<packages") || probe.text.contains("line-rate=")
                || probe.text.contains("<sources"))
    }

    func read(_ input: ImportInput, into context: CoverageInputContext) throws {
        var state = CoberturaState(context: context)
        try CoverageXML.read(
            input, format: "Cobertura XML", context, root: CoberturaElement.coverage,
            start: { try state.start($0, $2, isEmpty: $1) }, end: { state.end($0) },
            text: { if state.inSource { state.sourceText += $0.text() } })
    }
}

/// The Cobertura elements the reader acts on.
enum CoberturaElement: Int, XMLElementSet {
    case coverage, source, `class`, method, line, other

    var name: StaticString {
        switch self {
        case .coverage: "coverage"
        case .source: "source"
        case .class: "class"
        case .method: "method"
        case .line: "line"
        case .other: ""
        }
    }
}

/// Where a Cobertura document's reading is.
private struct CoberturaState {
    let context: CoverageInputContext
    var inSource = false
    var sourceText = ""
    var sources: [String] = []
    var file: CoverageInputContext.FileHandle?
    var inClass = false
    var method: (name: String, line: Int, hits: HitCount.Parsed, hasOwnCount: Bool)?
    var inMethod = false

    init(context: CoverageInputContext) { self.context = context }

    mutating func start(_ element: CoberturaElement, _ reader: XMLStreamReader, isEmpty: Bool) throws {
        switch element {
        case .coverage:
            context.declare(
                linesFound: CoverageXML.integer(reader, "lines-valid"),
                linesHit: CoverageXML.integer(reader, "lines-covered"),
                lineRate: reader.attribute("line-rate").flatMap { Double($0) }, by: "the <coverage> element",
                line: reader.nodeLine)
        case .source:
            inSource = !isEmpty
            sourceText = ""
        case .class:
            file = context.file(recordedPath(reader.attribute("filename") ?? ""))
            inClass = !isEmpty
        case .method:
            // Istanbul gives the method's own count; the others leave it to the method's first line.
            let hits = reader.attribute("hits").map { HitCount.parse(Array($0.utf8)) }
            method = (reader.attribute("name") ?? "", 0, hits ?? .count(0), hits != nil)
            inMethod = !isEmpty
            if isEmpty { endMethod() }
        case .line:
            guard inClass, let file else { return }
            guard let number = CoverageXML.lineNumber(reader, "number") else {
                return context.note("<line> elements without a number")
            }
            let hits = CoverageXML.count(reader, "hits")
            if inMethod {
                // A method's lines repeat its class's: only the first gives the method's line and count.
                if method?.line == 0 {
                    method?.line = number
                    if method?.hasOwnCount == false { method?.hits = hits }
                }
                return
            }
            context.addLine(file, line: number, count: hits)
            if reader.attribute("branch")?.lowercased() == "true",
                let condition = reader.attribute("condition-coverage"),
                let (hit, found) = Self.conditionCounts(condition)
            {
                context.addBranches(file, line: number, found: found, hit: hit)
            }
        case .other: break
        }
    }

    mutating func end(_ element: CoberturaElement) {
        switch element {
        case .source:
            if inSource { sources.append(sourceText.trimmingCharacters(in: .whitespacesAndNewlines)) }
            inSource = false
        case .class:
            inClass = false
            file = nil
        case .method: endMethod()
        default: break
        }
    }

    private mutating func endMethod() {
        if let method, let file, inClass {
            context.addFunction(file, name: method.name, line: method.line, count: method.hits)
        }
        method = nil
        inMethod = false
    }

    /// A class's file name joined to the `<source>` it is under: an absolute name as it is; a relative one under
    /// the first source that lies in the source root and holds it, else the first source in the root, else the
    /// root itself (a report made on another machine names that machine's folders).
    private func recordedPath(_ filename: String) -> String {
        if filename.hasPrefix("/") || filename.isEmpty { return filename }
        let root = context.sourceRoot
        let inRoot = sources.compactMap { source -> String? in
            let absolute = source.hasPrefix("/") ? source : root + "/" + source
            return absolute == root || absolute.hasPrefix(root + "/") ? absolute : nil
        }
        if let holding = inRoot.first(where: { FileManager.default.fileExists(atPath: $0 + "/" + filename) }) {
            return holding + "/" + filename
        }
        return (inRoot.first ?? root) + "/" + filename
    }

    /// `50% (1/2)`: outcomes hit and found.
    static func conditionCounts(_ text: String) -> (hit: Int, found: Int)? {
        guard let open = text.firstIndex(of: "("), let slash = text.firstIndex(of: "/"), open < slash,
            let close = text.firstIndex(of: ")"), slash < close,
            let hit = Int(text[text.index(after: open)..<slash]),
            let found = Int(text[text.index(after: slash)..<close])
        else { return nil }
        return (hit, found)
    }
}
