import Foundation
import ResultImport

/// OpenCover XML (OpenCover, coverlet `--format opencover`, AltCover): `<CoverageSession>` of `<Module>`s, each with
/// `<Files>` (`<File uid fullPath>`) and `<Classes>` of `<Method>`s, whose `<SequencePoints>` (`vc sl sc el ec
/// fileid`) and `<BranchPoints>` (`vc sl fileid`) give the coverage, read as a stream.
///
/// Sequence points are regions; a line's count is the largest of the points it lies in (a point spanning several
/// lines covers each of them, as ReportGenerator reads it). Each branch point is one outcome of its line. A
/// method is a function at its first sequence point, with its `<MethodPoint>`'s count.
struct OpenCoverFormat: CoverageFormat {
    var name: String { "opencover" }
    var summary: String { "OpenCover XML (OpenCover, coverlet, AltCover)" }
    var sumsRepeatedLines: Bool { false }
    /// The line OpenCover gives points the compiler hid (0xFEEFEE), which have no place in the source.
    static let hiddenLine = 0xFEEFEE

    func recognizes(_ probe: FormatProbe) -> Bool {
        probe.xmlRootElement == "CoverageSession"
    }

    func read(_ input: ImportInput, into context: CoverageInputContext) throws {
        var state = OpenCoverState(context: context)
        try CoverageXML.read(
            input, format: "OpenCover XML", context, root: OpenCoverElement.coverageSession,
            start: { state.start($0, $2, isEmpty: $1) }, end: { state.end($0) },
            text: { if state.inMethodName { state.method?.name += $0.text() } })
    }
}

/// The OpenCover elements the reader acts on.
enum OpenCoverElement: Int, XMLElementSet {
    case coverageSession, module, file, `class`, method, name, fileRef, sequencePoint, branchPoint, methodPoint
    case other

    var name: StaticString {
        switch self {
        case .coverageSession: "CoverageSession"
        case .module: "Module"
        case .file: "File"
        case .class: "Class"
        case .method: "Method"
        case .name: "Name"
        case .fileRef: "FileRef"
        case .sequencePoint: "SequencePoint"
        case .branchPoint: "BranchPoint"
        case .methodPoint: "MethodPoint"
        case .other: ""
        }
    }
}

/// Where an OpenCover document's reading is.
private struct OpenCoverState {
    let context: CoverageInputContext
    /// The module's files by their `uid`.
    var files: [String: CoverageInputContext.FileHandle?] = [:]
    /// Elements skipped (`skippedDueTo`) are open: nothing inside them counts.
    var skippedDepth = 0
    var method: (name: String, file: String?, line: Int, count: HitCount.Parsed?, visited: Bool)?
    var inMethodName = false
    /// Methods seen, to tell apart branch points of different methods that share their `ordinal`.
    var methodIndex = 0
    var branchIndex = 0

    init(context: CoverageInputContext) { self.context = context }

    mutating func start(_ element: OpenCoverElement, _ reader: XMLStreamReader, isEmpty: Bool) {
        if skippedDepth > 0 {
            if !isEmpty, [.module, .class, .method].contains(element) { skippedDepth += 1 }
            return
        }
        if [.module, .class, .method].contains(element), reader.attribute("skippedDueTo") != nil {
            if !isEmpty { skippedDepth = 1 }
            return
        }
        switch element {
        case .module: files = [:]
        case .file:
            guard let uid = reader.attribute("uid") else { return context.note("<File> elements without a uid") }
            let file = context.file(reader.attribute("fullPath") ?? "")
            if let file { context.derivesLinesFromRegions(file) }
            files[uid] = file
        case .method:
            methodIndex += 1
            branchIndex = 0
            method = ("", nil, 0, nil, reader.attribute("visited") == "true")
            if isEmpty { endMethod() }
        case .name:
            inMethodName = method != nil && method?.name.isEmpty == true && !isEmpty
        case .fileRef:
            method?.file = reader.attribute("uid")
        case .sequencePoint: addSequencePoint(reader)
        case .branchPoint: addBranchPoint(reader)
        case .methodPoint:
            method?.count = CoverageXML.count(reader, "vc")
        case .coverageSession, .class, .other: break
        }
    }

    mutating func end(_ element: OpenCoverElement) {
        if skippedDepth > 0 {
            if [.module, .class, .method].contains(element) { skippedDepth -= 1 }
            return
        }
        switch element {
        case .name: inMethodName = false
        case .method: endMethod()
        default: break
        }
    }

    /// The file a point names by `fileid`, else its method's.
    private func file(of reader: XMLStreamReader) -> CoverageInputContext.FileHandle? {
        guard let uid = reader.attribute("fileid") ?? method?.file, let known = files[uid] else { return nil }
        return known
    }

    private mutating func addSequencePoint(_ reader: XMLStreamReader) {
        guard let startLine = CoverageXML.lineNumber(reader, "sl"), startLine != OpenCoverFormat.hiddenLine else {
            return
        }
        if let line = method?.line, line == 0 || startLine < line { method?.line = startLine }
        guard let file = file(of: reader) else { return }
        let endLine = CoverageXML.lineNumber(reader, "el") ?? startLine
        guard endLine - startLine < GoCoverProfileFormat.maxRegionLines else {
            return context.note("sequence points spanning more than \(GoCoverProfileFormat.maxRegionLines) lines")
        }
        context.addRegion(
            file, start: (startLine, CoverageXML.integer(reader, "sc") ?? 1),
            end: (endLine, CoverageXML.integer(reader, "ec") ?? 1), count: CoverageXML.count(reader, "vc"))
    }

    private mutating func addBranchPoint(_ reader: XMLStreamReader) {
        branchIndex += 1
        guard let line = CoverageXML.lineNumber(reader, "sl"), line != OpenCoverFormat.hiddenLine,
            let file = file(of: reader)
        else { return }
        context.addBranchOutcome(
            file, line: line, key: "\(methodIndex).\(branchIndex)", count: CoverageXML.count(reader, "vc"))
    }

    private mutating func endMethod() {
        defer {
            method = nil
            inMethodName = false
        }
        guard let method, let uid = method.file, let known = files[uid], let file = known else { return }
        let count = method.count ?? .count(method.visited ? 1 : 0)
        context.addFunction(
            file, name: method.name.trimmingCharacters(in: .whitespacesAndNewlines), line: method.line, count: count)
    }
}
