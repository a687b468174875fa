import Foundation
import ResultModel
import ResultSupport

/// Streaming importer of NUnit 3 (`<test-run>`) and NUnit 2 (`<test-results>`) XML (docs/IMPORT.md, "nunit"): every
/// `test-case` is a test, in the class its `classname` (NUnit 3) or its full name (NUnit 2) names; `failure` gives
/// the message and the stack trace (file and line from it), `reason` a skip's reason, `output` the output,
/// categories are tags and other properties properties, `attachments` attachments; the root's totals are held
/// against the test cases read.
final class NUnitImporter {
    let context: ImportContext
    private let attachmentFiles: JUnitAttachmentFiles
    private let classNames = ClassNameScopes()
    /// The longest text kept from one element.
    var textLimit = 4 << 20
    /// Whether plain passed test cases are handed to the sink as bytes (``writePlainCase(_:)``); off only in tests
    /// that compare both paths.
    var writesPassedTestsFromBytes = true
    let startTimes = RepeatedTimestamps()
    /// Test cases written from their bytes: NUnit 3 counts each under `total` and `passed`.
    private var plainPassedCount = 0

    private struct Case {
        var name: String
        var fullName: String?
        var className: String?
        var result: String?
        var label: String?
        var executed: String?
        var success: String?
        var start: Double?
        var duration: Double?
        var failure: (message: String?, trace: String?)?
        var reason: String?
        var output = ""
        var tags: [String] = []
        var properties: [NameValue] = []
        var attachments: [AttachmentReference] = []
    }

    private var current: Case?
    private var isVersion2 = false
    private var sawRoot = false
    private var declared: (line: Int, values: [String: Int])?
    private var found: [String: Int] = [:]
    private var testCount = 0
    /// Elements inside the test case being read: `failure`, `reason`, `assertions` (whose messages repeat the
    /// failure's and are not read).
    private var within: [NUnitElement] = []
    private var capturing: NUnitElement?
    private var text = ""
    private var captureLine = 0
    /// The suites open, with a failure of their own (a one-time setup or teardown that failed).
    private var suites:
        [(name: String, className: String?, site: String?, failure: (message: String?, trace: String?)?)] =
            []

    init(context: ImportContext) {
        self.context = context
        attachmentFiles = JUnitAttachmentFiles(context: context)
    }

    func run(prefix: [UInt8], descriptor: Int32) throws -> ImportOutcome {
        let reader = try XMLStreamReader(
            prefix: prefix, descriptor: descriptor, fileName: context.fileName, elementNames: NUnitElement.names)
        var diagnostics: [Diagnostic] = []
        do {
            try reader.readAll(
                start: { try start(NUnitElement(rawValue: $0) ?? .other, isEmpty: $1, reader: reader) },
                end: { try end(NUnitElement(rawValue: $0) ?? .other) },
                text: { if capturing != nil, text.utf8.count < textLimit { text += reader.text() } })
        } catch let error as ImportError {
            let open = current.map { "<test-case name=\"\($0.name)\">" } ?? (suites.isEmpty ? nil : "<test-suite>")
            let error = XMLDamage.described(error, reader: reader, openElement: open)
            if let open = current { try write(open, interrupted: true) }
            diagnostics.append(try XMLDamage.diagnostic(error, testCount: testCount))
            return ImportOutcome(format: .nunit, testCount: testCount, diagnostics: diagnostics)
        }
        guard sawRoot else {
            throw ImportError(
                .notTestOutput, "no <test-run>, <test-results> or <test-suite> element: this is not NUnit XML",
                file: context.fileName)
        }
        if plainPassedCount > 0 {
            found["total", default: 0] += plainPassedCount
            found["passed", default: 0] += plainPassedCount
        }
        if let declared {
            var totals = DeclaredTotals()
            for word in isVersion2 ? NUnitOutcome.version2Counters : NUnitOutcome.version3Counters {
                totals.compare(word, declared: declared.values[word], found: found[word] ?? 0)
            }
            let root = isVersion2 ? "<test-results>" : "<test-run>"
            if let warning = totals.warning("the \(root) element", file: context.fileName, line: declared.line) {
                diagnostics.append(warning)
            }
        }
        return ImportOutcome(
            format: .nunit, testCount: testCount, diagnostics: diagnostics + attachmentFiles.diagnostics)
    }

    private func start(_ element: NUnitElement, isEmpty: Bool, reader: XMLStreamReader) throws {
        switch element {
        case .testRun, .testResults:
            guard !sawRoot else { return }
            sawRoot = true
            isVersion2 = element == .testResults
            var values: [String: Int] = [:]
            reader.forEachAttribute { name, value in
                guard let count = Int(String(cString: value)) else { return }
                values[String(cString: name)] = count
            }
            declared = (reader.nodeLine, values)
        case .testSuite:
            if !sawRoot {
                // A file cut down to its suites (NUnit 2's runners wrote such files too).
                sawRoot = true
                isVersion2 = reader.attribute("executed") != nil
            }
            if !isEmpty {
                suites.append(
                    (
                        reader.attribute("fullname") ?? reader.attribute("name") ?? "(suite)",
                        DotNetTestNames.className(reader.attribute("classname")), reader.attribute("site"), nil
                    ))
            }
        case .testCase:
            guard sawRoot || !suites.isEmpty else { return }
            if isEmpty, !isVersion2, current == nil, writesPassedTestsFromBytes,
                try writePlainCase(NUnitPlainCase(reader: reader))
            {
                plainPassedCount += 1
                testCount += 1
                return
            }
            let name = reader.attribute("name") ?? "(unnamed test)"
            current = Case(
                name: name, fullName: reader.attribute("fullname"),
                className: DotNetTestNames.className(reader.attribute("classname")),
                result: reader.attribute("result"), label: reader.attribute("label"),
                executed: reader.attribute("executed"), success: reader.attribute("success"),
                start: reader.attribute("start-time").flatMap(JUnitTimestamp.parse),
                duration: (reader.attribute("duration") ?? reader.attribute("time")).flatMap(JUnitImporter.parseTime))
            within = []
            if isEmpty { try end(.testCase) }
        case .failure, .reason, .assertions:
            if current != nil || !suites.isEmpty { within.append(element) }
            if isEmpty { try end(element) }
        case .message, .stackTrace, .output, .filePath:
            let isSuiteFailure =
                current == nil && !suites.isEmpty && within.last == .failure
                && (element == .message || element == .stackTrace)
            guard current != nil || isSuiteFailure, !within.contains(.assertions) else { return }
            capturing = element
            captureLine = reader.nodeLine
            text = ""
            if isEmpty { try end(element) }
        case .property:
            guard current != nil, let name = reader.attribute("name") else { return }
            let value = reader.attribute("value") ?? ""
            if name == "Category" {
                current?.tags.append(value)
            } else if !name.hasPrefix("_") {
                current?.properties.append(NameValue(name: name, value: value))
            }
        case .category:
            if current != nil, let name = reader.attribute("name") { current?.tags.append(name) }
        default:
            return
        }
    }

    private func end(_ element: NUnitElement) throws {
        switch element {
        case .testSuite:
            if let suite = suites.popLast(), suite.site?.lowercased() == "teardown", let failure = suite.failure {
                try writeTeardownFailure(suite.name, className: suite.className, failure: failure)
            }
        case .testCase:
            if let finished = current { try write(finished, interrupted: false) }
            current = nil
        case .failure, .reason, .assertions:
            if within.last == element { within.removeLast() }
            guard element == .failure else { return }
            if current != nil {
                if current?.failure == nil { current?.failure = (nil, nil) }
            } else if !suites.isEmpty, suites[suites.count - 1].failure == nil {
                suites[suites.count - 1].failure = (nil, nil)
            }
        case .message, .stackTrace, .output, .filePath:
            guard capturing == element else { return }
            capturing = nil
            if current == nil, !suites.isEmpty {
                let last = suites.count - 1
                let value = text.trimmingWhitespace()
                let failure = suites[last].failure
                suites[last].failure =
                    element == .message ? (value, failure?.trace) : (failure?.message, value)
                return
            }
            switch (element, within.last) {
            case (.message, .failure):
                let trace = current?.failure?.trace
                current?.failure = (text.trimmingWhitespace(), trace)
            case (.stackTrace, .failure):
                let message = current?.failure?.message
                current?.failure = (message, text.trimmingWhitespace())
            case (.message, .reason):
                current?.reason = text.trimmingWhitespace()
            case (.output, _):
                current?.output += text
            case (.filePath, _):
                let path = text.trimmingWhitespace()
                if !path.isEmpty {
                    current?.attachments.append(AttachmentReference(path: path, line: captureLine))
                }
            default:
                break
            }
        default:
            return
        }
    }

    private func write(_ test: Case, interrupted: Bool) throws {
        var status = NUnitOutcome.status(
            result: test.result, label: test.label, executed: test.executed, success: test.success,
            hasFailure: test.failure != nil)
        for word in NUnitOutcome.counter(
            result: test.result, executed: test.executed, isVersion2: isVersion2, status: status)
        {
            found[word, default: 0] += 1
        }
        if interrupted { status = .interrupted }
        // NUnit 3 names the class; NUnit 2's name is the full name.
        let split = DotNetTestNames.split(test.fullName ?? test.name)
        let className = test.className ?? split.className
        let name = test.className != nil ? test.name : split.name
        var issues: [IssueRecord] = []
        var reason: String?
        let message = test.failure?.message.flatMap { $0.isEmpty ? nil : $0 }
        let trace = test.failure?.trace.flatMap { $0.isEmpty ? nil : $0 }
        switch status {
        case .skipped:
            reason = test.reason.flatMap { $0.isEmpty ? nil : $0 } ?? message ?? test.label ?? test.result ?? "not run"
            issues.append(IssueRecord(kind: .skip, message: reason!))
        case .passed, .warning:
            if let text = message ?? (status == .warning ? test.reason : nil) {
                issues.append(IssueRecord(kind: .warning, message: text, details: trace))
            }
        default:
            let headline = message ?? test.label.map { "\(test.result ?? "Failed"): \($0)" } ?? "the test failed"
            issues.append(
                IssueRecord(
                    kind: NUnitOutcome.issueKind(result: test.result, label: test.label), message: headline,
                    location: trace.flatMap { TraceLocation.find(in: $0, className: className) }, details: trace))
            if interrupted { reason = "the XML ends inside this test case" }
        }
        let output = test.output.trimmingLineBreaks()
        let scope = classNames.scope(of: className ?? "")
        let attempt = TestAttempt(
            status: status, statusReason: reason, start: test.start, duration: test.duration, issues: issues,
            attachments: attachmentFiles.attachments(for: test.attachments),
            output: output.isEmpty ? nil : try .imported(output, sink: context.sink))
        try context.sink.addTest(
            TestRecord(
                runIndex: context.runIndex,
                identity: TestIdentity(module: scope.module, suites: scope.suites, name: name),
                tags: test.tags, status: status, attempts: [attempt], properties: test.properties))
        testCount += 1
    }

    /// A suite whose one-time teardown failed after its test cases passed: written as a failed test named `(suite)`
    /// in the suite's class, as the JUnit import does, so the run is not green where NUnit's was red. It is not a
    /// test case, so NUnit's totals do not count it and neither does their comparison.
    private func writeTeardownFailure(
        _ suiteName: String, className: String?, failure: (message: String?, trace: String?)
    ) throws {
        let message = failure.message.flatMap { $0.isEmpty ? nil : $0 } ?? "the suite's one-time teardown failed"
        let trace = failure.trace.flatMap { $0.isEmpty ? nil : $0 }
        let scope = classNames.scope(of: className ?? suiteName)
        let attempt = TestAttempt(
            status: .failed, statusReason: "the suite failed in its one-time teardown",
            issues: [
                IssueRecord(
                    kind: .thrownError, message: message,
                    location: trace.flatMap { TraceLocation.find(in: $0, className: className) }, details: trace)
            ])
        try context.sink.addTest(
            TestRecord(
                runIndex: context.runIndex,
                identity: TestIdentity(
                    module: scope.module, suites: scope.suites, name: JUnitImporter.suiteFailureName),
                status: .failed, attempts: [attempt]))
        testCount += 1
    }
}
