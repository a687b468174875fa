import Foundation
import ResultModel
import ResultSupport

/// Streaming importer of xUnit.net v2 and v3 XML (docs/IMPORT.md, "xunit-net"): every `test` is a test in the class
/// its `type` names; `failure` gives the message, exception type and stack trace (file and line from it), `reason`
/// a skip's reason, `output` the output, traits are tags; v3's `source-file` and `source-line` the location. An
/// assembly's `errors` (a cleanup that failed, a catastrophic failure) are failed tests named after their kind,
/// and the assemblies' totals are held against the tests read.
final class XunitNetImporter {
    private let context: ImportContext
    private let classNames = ClassNameScopes()
    /// The longest text kept from one element.
    var textLimit = 4 << 20

    private struct Entry {
        var name: String
        var className: String?
        var result: String?
        var duration: Double?
        var location: SourceLocation?
        var isAssemblyError = false
        var failure: (type: String?, message: String?, trace: String?)?
        var reason: String?
        var output = ""
        var tags: [String] = []
    }

    private var current: Entry?
    private var sawRoot = false
    private var declared: [String: Int] = [:]
    private var declaredLine: Int?
    private var found: [String: Int] = [:]
    private var testCount = 0
    private var capturing: XunitNetElement?
    private var text = ""

    /// The assembly attributes compared with the tests read.
    private static let counters = ["total", "passed", "failed", "skipped", "not-run", "errors"]

    init(context: ImportContext) { self.context = context }

    func run(prefix: [UInt8], descriptor: Int32) throws -> ImportOutcome {
        let reader = try XMLStreamReader(
            prefix: prefix, descriptor: descriptor, fileName: context.fileName, elementNames: XunitNetElement.names)
        var diagnostics: [Diagnostic] = []
        do {
            try reader.readAll(
                start: { try start(XunitNetElement(rawValue: $0) ?? .other, isEmpty: $1, reader: reader) },
                end: { try end(XunitNetElement(rawValue: $0) ?? .other) },
                text: { if capturing != nil, text.utf8.count < textLimit { text += reader.text() } })
        } catch let error as ImportError {
            let open = current.map { "<test name=\"\($0.name)\">" } ?? (sawRoot ? "<assemblies>" : nil)
            let error = XMLDamage.described(error, reader: reader, openElement: open)
            if let open = current { try write(open, interrupted: true) }
            diagnostics.append(try XMLDamage.diagnostic(error, testCount: testCount))
            return ImportOutcome(format: .xunitNet, testCount: testCount, diagnostics: diagnostics)
        }
        guard sawRoot else {
            throw ImportError(
                .notTestOutput, "no <assemblies> or <assembly> element: this is not xUnit.net XML",
                file: context.fileName)
        }
        var totals = DeclaredTotals()
        for word in Self.counters {
            totals.compare(word, declared: declared[word], found: found[word] ?? 0)
        }
        if let warning = totals.warning("the <assembly> elements", file: context.fileName, line: declaredLine) {
            diagnostics.append(warning)
        }
        return ImportOutcome(format: .xunitNet, testCount: testCount, diagnostics: diagnostics)
    }

    private func start(_ element: XunitNetElement, isEmpty: Bool, reader: XMLStreamReader) throws {
        switch element {
        case .assemblies:
            sawRoot = true
        case .assembly:
            sawRoot = true
            if declaredLine == nil { declaredLine = reader.nodeLine }
            reader.forEachAttribute { name, value in
                let word = String(cString: name)
                guard Self.counters.contains(word), let count = Int(String(cString: value)) else { return }
                declared[word, default: 0] += count
            }
        case .test:
            guard sawRoot else { return }
            let className = DotNetTestNames.className(reader.attribute("type"))
            let name = reader.attribute("name") ?? reader.attribute("method") ?? "(unnamed test)"
            var location: SourceLocation?
            if let file = reader.attribute("source-file"), !file.isEmpty {
                location = SourceLocation(file: file, line: reader.attribute("source-line").flatMap { Int($0) } ?? 0)
            }
            current = Entry(
                name: DotNetTestNames.name(name, inClass: className), className: className,
                result: reader.attribute("result"), duration: reader.attribute("time").flatMap(JUnitImporter.parseTime),
                location: location)
            if isEmpty { try end(.test) }
        case .error:
            guard sawRoot, current == nil else { return }
            let kind = reader.attribute("type") ?? "error"
            current = Entry(
                name: "(\(kind))", className: reader.attribute("name"), result: "Fail", isAssemblyError: true)
            if isEmpty { try end(.error) }
        case .trait:
            guard current != nil, let name = reader.attribute("name") else { return }
            current?.tags.append(XunitNetFormat.tag(name: name, value: reader.attribute("value") ?? ""))
        case .failure:
            guard current != nil else { return }
            current?.failure = (reader.attribute("exception-type"), nil, nil)
        case .message, .stackTrace, .reason, .output:
            guard current != nil else { return }
            capturing = element
            text = ""
            if isEmpty { try end(element) }
        default:
            return
        }
    }

    private func end(_ element: XunitNetElement) throws {
        switch element {
        case .test, .error:
            guard let finished = current, finished.isAssemblyError == (element == .error) else { return }
            try write(finished, interrupted: false)
            current = nil
        case .message, .stackTrace, .reason, .output:
            guard capturing == element else { return }
            capturing = nil
            switch element {
            case .message: current?.failure?.message = text.trimmingWhitespace()
            case .stackTrace: current?.failure?.trace = text.trimmingLineBreaks()
            case .reason: current?.reason = text.trimmingWhitespace()
            default: current?.output += text
            }
        default:
            return
        }
    }

    private func write(_ entry: Entry, interrupted: Bool) throws {
        var status = XunitNetFormat.status(entry.result)
        if entry.isAssemblyError {
            found["errors", default: 0] += 1
        } else {
            found["total", default: 0] += 1
            if let word = XunitNetFormat.counter(entry.result) { found[word, default: 0] += 1 }
        }
        if interrupted { status = .interrupted }
        var issues: [IssueRecord] = []
        var reason: String?
        let message = entry.failure?.message.flatMap { $0.isEmpty ? nil : $0 }
        let trace = entry.failure?.trace.flatMap { $0.isEmpty ? nil : $0 }
        switch status {
        case .skipped:
            reason =
                entry.reason.flatMap { $0.isEmpty ? nil : $0 } ?? (entry.result == "NotRun" ? "not run" : "skipped")
            issues.append(IssueRecord(kind: .skip, message: reason!))
        case .passed:
            break
        default:
            let type = entry.failure?.type
            let headline = message ?? type ?? (entry.isAssemblyError ? "the \(entry.name) failed" : "the test failed")
            issues.append(
                IssueRecord(
                    kind: entry.isAssemblyError ? .thrownError : .assertion, message: headline,
                    location: trace.flatMap { TraceLocation.find(in: $0, className: entry.className) },
                    details: trace, type: type))
            if interrupted { reason = "the XML ends inside this test" }
            if entry.isAssemblyError { reason = "xUnit.net reported an error outside the tests" }
        }
        let output = entry.output.trimmingLineBreaks()
        let scope = classNames.scope(of: entry.className ?? "")
        let attempt = TestAttempt(
            status: status, statusReason: reason, duration: entry.duration, issues: issues,
            output: output.isEmpty ? nil : try .imported(output, sink: context.sink))
        try context.sink.addTest(
            TestRecord(
                runIndex: context.runIndex,
                identity: TestIdentity(module: scope.module, suites: scope.suites, name: entry.name),
                location: entry.location, tags: entry.tags, status: status, attempts: [attempt]))
        testCount += 1
    }
}
