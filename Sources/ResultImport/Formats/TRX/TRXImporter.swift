import Foundation
import ResultModel
import ResultSupport

/// Streaming importer of Visual Studio TRX files (docs/IMPORT.md, "trx"): each `UnitTestResult` (and the other
/// result kinds) is a test, a data-driven or ordered test's result is replaced by the rows in its `InnerResults`,
/// the class and categories come from `TestDefinitions`, `ErrorInfo` gives the failure (file and line from its
/// stack trace), `StdOut`, `StdErr` and `DebugTrace` the output, `ResultFiles` the attachments, and `Counters`
/// are held against the results read.
///
/// `dotnet test` writes the results before the definitions: results are then held until `TestDefinitions` has
/// been read (or the document ends), in a compact form that goes to a temporary file past a megabyte
/// (``TRXResultSpool``), and the definitions are kept compactly too (``TRXDefinitionTable``), so memory stays
/// nearly flat in the number of tests.
final class TRXImporter {
    private let context: ImportContext
    private let attachmentFiles: JUnitAttachmentFiles
    private let classNames = ClassNameScopes()
    /// The longest text kept from one element.
    var textLimit = 4 << 20

    private var results: [TRXResult] = []
    private var definitions = TRXDefinitionTable()
    private var definitionsRead = false
    /// Results read before the definitions, held in a compact form (in a temporary file past a megabyte).
    private let pending = TRXResultSpool()
    /// The bytes of held results kept in memory before they go to a temporary file.
    var heldResultsMemoryLimit: Int {
        get { pending.memoryLimit }
        set { pending.memoryLimit = newValue }
    }
    /// Data-driven tests' own results written beside their rows rather than around them: held until a row stands
    /// for them, and written at the end when none did.
    private var dataDrivenParents: [TRXResult] = []
    /// The tests (by `testId`) and executions whose rows were read.
    private var testsWithRows: Set<String> = []
    private var executionsWithRows: Set<String> = []
    private var definition: (id: String, value: TRXDefinition)?
    private var capturing: TRXElement?
    private var text = ""
    private var deploymentRoot: String?
    private var counters: (line: Int, values: [String: Int])?
    private var outcomeCounts: [String: Int] = [:]
    private var testCount = 0
    private var runStart: Double?
    private var runFinish: Double?

    init(context: ImportContext) {
        self.context = context
        attachmentFiles = JUnitAttachmentFiles(context: context)
    }

    func run(prefix: [UInt8], descriptor: Int32) throws -> ImportOutcome {
        let reader = try XMLStreamReader(
            prefix: prefix, descriptor: descriptor, fileName: context.fileName, elementNames: TRXElement.names)
        var diagnostics: [Diagnostic] = []
        var sawRoot = false
        do {
            try reader.readAll(
                start: { index, isEmpty in
                    let element = TRXElement(rawValue: index) ?? .other
                    if element == .testRun { sawRoot = true }
                    try start(element, isEmpty: isEmpty, reader: reader)
                },
                end: { try end(TRXElement(rawValue: $0) ?? .other) },
                text: { if capturing != nil, text.utf8.count < textLimit { text += reader.text() } })
        } catch let error as ImportError {
            let error = XMLDamage.described(error, reader: reader, openElement: openElement)
            if let open = results.popLast(), !open.hasInnerResults || open.rowsWritten == 0 {
                try write(open, interrupted: true)
            }
            try flushPending(atEnd: true)
            diagnostics.append(try XMLDamage.diagnostic(error, testCount: testCount))
            return outcome(diagnostics)
        }
        guard sawRoot else {
            throw ImportError(.notTestOutput, "no <TestRun> element: this is not a TRX file", file: context.fileName)
        }
        try flushPending(atEnd: true)
        if let counters {
            var totals = DeclaredTotals()
            totals.compare("total", declared: counters.values["total"], found: testCount)
            for word in TRXOutcome.counters {
                totals.compare(word, declared: counters.values[word], found: outcomeCounts[word] ?? 0)
            }
            if let warning = totals.warning("the Counters element", file: context.fileName, line: counters.line) {
                diagnostics.append(warning)
            }
        }
        return outcome(diagnostics)
    }

    private func outcome(_ diagnostics: [Diagnostic]) -> ImportOutcome {
        let wallClock = runStart.flatMap { start in runFinish.map { $0 - start } }.flatMap { $0 >= 0 ? $0 : nil }
        return ImportOutcome(
            format: .trx, testCount: testCount, diagnostics: diagnostics + attachmentFiles.diagnostics,
            wallClock: wallClock)
    }

    private var openElement: String? {
        if let result = results.last { return "<UnitTestResult testName=\"\(result.testName)\">" }
        return nil
    }

    private func start(_ element: TRXElement, isEmpty: Bool, reader: XMLStreamReader) throws {
        if element.isResult {
            results.append(TRXResult(reader: reader))
            if isEmpty { try end(element) }
            return
        }
        switch element {
        case .innerResults:
            if !results.isEmpty { results[results.count - 1].hasInnerResults = true }
        case .stdOut, .stdErr, .debugTrace, .message, .stackTrace:
            guard !results.isEmpty else { return }
            capturing = element
            text = ""
            if isEmpty { try end(element) }
        case .resultFile:
            guard !results.isEmpty, let path = reader.attribute("path") else { return }
            results[results.count - 1].files.append(AttachmentReference(path: path, line: reader.nodeLine))
        case .deployment:
            deploymentRoot = reader.attribute("runDeploymentRoot")
        case .times:
            runStart = reader.attribute("start").flatMap(JUnitTimestamp.parse)
            runFinish = reader.attribute("finish").flatMap(JUnitTimestamp.parse)
        case .unitTest, .webTest, .orderedTest, .genericTest, .manualTest:
            guard let id = reader.attribute("id") else { return }
            definition = (id, TRXDefinition())
            if isEmpty { try end(element) }
        case .testMethod:
            definition?.value.className = DotNetTestNames.className(reader.attribute("className"))
        case .testCategoryItem:
            if let category = reader.attribute("TestCategory") { definition?.value.categories.append(category) }
        case .counters:
            var values: [String: Int] = [:]
            reader.forEachAttribute { name, value in
                guard let count = Int(String(cString: value)) else { return }
                values[String(cString: name)] = count
            }
            counters = (reader.nodeLine, values)
        default:
            return
        }
    }

    private func end(_ element: TRXElement) throws {
        if element.isResult {
            guard let result = results.popLast() else { return }
            if result.hasInnerResults && result.rowsWritten > 0 { return }
            if result.resultType == "DataDrivenDataRow" {
                if let id = result.testId { testsWithRows.insert(id) }
                if let id = result.parentExecutionId { executionsWithRows.insert(id) }
            } else if result.resultType == "DataDrivenTest", !result.hasInnerResults {
                dataDrivenParents.append(result)
                return
            }
            try write(result)
            return
        }
        switch element {
        case .stdOut, .stdErr, .debugTrace:
            guard capturing == element, !results.isEmpty else { return }
            let trimmed = text.trimmingLineBreaks()
            if !trimmed.isEmpty {
                let separator = results[results.count - 1].output.isEmpty ? "" : "\n"
                results[results.count - 1].output += separator + trimmed
            }
            capturing = nil
        case .message:
            guard capturing == element, !results.isEmpty else { return }
            results[results.count - 1].message = Self.unixLineBreaks(text.trimmingWhitespace())
            capturing = nil
        case .stackTrace:
            guard capturing == element, !results.isEmpty else { return }
            results[results.count - 1].stackTrace = Self.unixLineBreaks(text.trimmingLineBreaks())
            capturing = nil
        case .unitTest, .webTest, .orderedTest, .genericTest, .manualTest:
            if let definition { definitions.add(definition.id, definition.value) }
            definition = nil
        case .testDefinitions:
            definitionsRead = true
            try flushPending(atEnd: false)
        default:
            return
        }
    }

    /// Writes a finished result, or holds it until the definitions are read.
    private func write(_ result: TRXResult, interrupted: Bool = false) throws {
        if !results.isEmpty { results[results.count - 1].rowsWritten += 1 }
        let parentName = results.last?.testName
        var result = result
        // A data row named as its test is told apart by its row.
        if let parentName, result.testName == parentName, let row = result.dataRow {
            result.testName += " (Data Row \(row))"
        }
        if definitionsRead || interrupted {
            try record(result, interrupted: interrupted)
        } else {
            try pending.append(result)
        }
    }

    /// Writes the results held for the definitions; at the end, also the data-driven results no row stood for.
    private func flushPending(atEnd: Bool) throws {
        try pending.drain { try record($0, interrupted: false) }
        guard atEnd else { return }
        // At the end: the data-driven results no row stood for are tests themselves.
        let parents = dataDrivenParents.filter { parent in
            !(parent.testId.map(testsWithRows.contains) ?? false)
                && !(parent.executionId.map(executionsWithRows.contains) ?? false)
        }
        dataDrivenParents = []
        for result in parents { try record(result, interrupted: false) }
    }

    private func record(_ result: TRXResult, interrupted: Bool) throws {
        let definition = result.testId.flatMap { definitions.definition(of: $0) }
        let split = DotNetTestNames.split(result.testName)
        let className = definition?.className ?? split.className
        let name =
            definition?.className != nil
            ? DotNetTestNames.name(result.testName, inClass: className) : split.name
        let word = result.outcome ?? "(none)"
        let status = interrupted ? .interrupted : TRXOutcome.status(result.outcome)
        outcomeCounts[TRXOutcome.counter(word), default: 0] += 1
        var issues: [IssueRecord] = []
        var reason: String?
        let trace = result.stackTrace.flatMap { $0.isEmpty ? nil : $0 }
        switch status {
        case .skipped:
            reason = result.message.flatMap { $0.isEmpty ? nil : $0 } ?? "outcome \(word)"
            issues.append(IssueRecord(kind: .skip, message: reason!))
        case .passed, .warning:
            if let message = result.message, !message.isEmpty {
                issues.append(IssueRecord(kind: .warning, message: message, details: trace))
            }
        default:
            let kind: IssueRecord.Kind =
                status == .timedOut ? .timeout : (word.lowercased() == "error" ? .thrownError : .assertion)
            let message = result.message.flatMap { $0.isEmpty ? nil : $0 } ?? "outcome \(word)"
            issues.append(
                IssueRecord(
                    kind: kind, message: message,
                    location: trace.flatMap { TraceLocation.find(in: $0, className: className) }, details: trace))
            if interrupted { reason = "the XML ends inside this result" }
            if result.outcome == nil, !interrupted { reason = "the result has no outcome" }
        }
        let references = result.files.map { reference in
            AttachmentReference(path: resolved(reference.path, result: result), line: reference.line)
        }
        let scope = classNames.scope(of: className ?? "")
        let attempt = TestAttempt(
            status: status, statusReason: reason, start: result.start, duration: result.duration, issues: issues,
            attachments: attachmentFiles.attachments(for: references),
            output: result.output.isEmpty ? nil : try .imported(result.output, sink: context.sink),
            worker: result.computerName)
        try context.sink.addTest(
            TestRecord(
                runIndex: context.runIndex,
                identity: TestIdentity(module: scope.module, suites: scope.suites, name: name),
                tags: definition?.categories ?? [], status: status, attempts: [attempt]))
        testCount += 1
    }

    /// Where a result file lies: vstest writes it under `<deployment root>/In/<result's folder>/`, next to the TRX
    /// file; an absolute path stays as written.
    private func resolved(_ path: String, result: TRXResult) -> String {
        let normalized = path.replacingOccurrences(of: "\\", with: "/")
        if normalized.hasPrefix("/") || normalized.dropFirst().hasPrefix(":/") { return normalized }
        var parts: [String] = []
        if let deploymentRoot, !deploymentRoot.isEmpty { parts += [deploymentRoot, "In"] }
        if let folder = result.resultsDirectory, !folder.isEmpty { parts.append(folder) }
        return (parts + [normalized]).joined(separator: "/")
    }

    /// Text with Windows line breaks (`&#xD;` before each line feed, as vstest writes messages) as plain line feeds.
    private static func unixLineBreaks(_ text: String) -> String {
        text.contains("\r\n") ? text.replacingOccurrences(of: "\r\n", with: "\n") : text
    }
}
