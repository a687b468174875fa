import Foundation
import ResultModel
import ResultSupport

/// Streaming importer of JUnit XML from any tool (pytest, jest, Maven Surefire, Go, Gradle, ...), through
/// libxml2's reader: nested `testsuite`s, `testcase` name, classname, file, line and time; `failure`, `error` and
/// `skipped` with message, type and body; `system-out`/`system-err` per case and per suite; properties,
/// timestamp and hostname; Surefire's `flakyFailure`, `rerunFailure`, `flakyError` and `rerunError` as earlier
/// attempts; and attachments, from `[[ATTACHMENT|path]]` lines and `attachment` properties of test cases, stored
/// when the file is a regular file inside the attachments folder (``JUnitAttachmentFiles``).
///
/// A test's identity comes from its classname split at every dot (the first part is the module when there are
/// several) and its name, so `import(junit(bundle))` gives every test back its id.
struct JUnitImporter {
    let sink: any ResultSink
    let runIndex: Int
    let fileName: String
    /// The folder attachments must lie in; `nil` for standard input (attachments are not read then).
    let attachmentsBase: URL?
    /// Reads and stores the files attachment references name, and warns about those it refuses.
    private let attachmentFiles: JUnitAttachmentFiles
    /// The longest text kept from one element (message bodies, system-out).
    var textLimit = 4 << 20
    /// Whether plain passed test cases are handed to the sink as bytes (``writePlainCase(_:start:)``); off only
    /// to compare with the general path.
    var writesPassedTestsFromBytes = true
    /// Module and suites of the last classname seen (consecutive test cases share their classname).
    private let classNames = ClassNameScopes()

    /// Creates an importer of the document `fileName` writing run `runIndex` to `sink`; attachments are read from
    /// `attachmentsBase` (none when it is `nil`), up to `maxAttachmentBytes` each (the bundle's blob limit).
    init(
        sink: any ResultSink, runIndex: Int, fileName: String, attachmentsBase: URL?, maxAttachmentBytes: Int = 1 << 30
    ) {
        self.sink = sink
        self.runIndex = runIndex
        self.fileName = fileName
        self.attachmentsBase = attachmentsBase
        attachmentFiles = JUnitAttachmentFiles(
            sink: sink, fileName: fileName, root: attachmentsBase, maxBytes: maxAttachmentBytes)
    }

    struct CaseState {
        var name: String
        var className: String?
        var file: String?
        var line: Int?
        var time: Double?
        var declaredStatus: String?
        var outcome: String?
        var issues: [IssueRecord] = []
        var earlier: [TestAttempt] = []
        var skipReason: String?
        /// The `<skipped>` element's text when it also has a `message` (go-junit-report's `t.Skip` line).
        var skipDetails: String?
        /// pytest's `xfail`: the test failed as it was expected to; the reason and the trace, when given.
        var expectedFailure: (reason: String, details: String?)?
        /// `<failure/>` and `<error/>` elements without message, text or type (WebdriverIO writes `<failure/>`
        /// before the `<error message="…"/>` that says what happened), kept apart until the test case ends.
        var bareIssues: [IssueRecord] = []
        var output = ""
        var errorOutput = ""
        /// The test case's own `<properties>` (pytest's `record_property`, trainer's `repetition`).
        var properties: [NameValue] = []
        /// The files its output's `[[ATTACHMENT|path]]` lines and its `attachment` properties name, in order.
        var attachmentReferences: [AttachmentReference] = []
    }

    struct SuiteState {
        var name: String
        var timestamp: Double?
        var hostname: String?
        var time: Double?
        var properties: [NameValue] = []
        var output = ""
        /// A `<failure>` or `<error>` of the suite itself, outside its test cases (a setup that failed).
        var issues: [IssueRecord] = []
        /// The attachments its own output names (kept as lines of its output: a suite record has no attachments).
        var attachmentReferences: [AttachmentReference] = []
    }

    enum Capture {
        case none
        case issue(kind: IssueRecord.Kind, message: String?, type: String?, element: JUnitElement)
        case skipped(message: String?, type: String?)
        /// A test case's `<system-out>`, from `line` (where attachment lines are counted from).
        case caseOutput(line: Int)
        case caseError(line: Int)
        case suiteOutput(line: Int)
        case rerun(element: JUnitElement, message: String?, type: String?)
        /// A `<property>` with no `value` attribute, whose text is its value.
        case propertyText(name: String, line: Int)
    }

    func run(prefix: [UInt8], descriptor: Int32) throws -> (tests: Int, diagnostics: [Diagnostic]) {
        let reader = try XMLStreamReader(
            prefix: prefix, descriptor: descriptor, fileName: fileName, elementNames: JUnitElement.names)
        var document = JUnitDocument(textLimit: textLimit)
        do {
            while let node = try reader.next() {
                switch node {
                case .startElement(let index, let isEmpty):
                    let element = JUnitElement(rawValue: index) ?? .other
                    try start(element, isEmpty: isEmpty, reader: reader, in: &document)
                case .text:
                    // Text only matters inside an element being captured (elsewhere it is layout whitespace).
                    if case .none = document.capture, document.rerun == nil { break }
                    document.appendText(reader.text())
                case .endElement(let index):
                    try end(JUnitElement(rawValue: index) ?? .other, in: &document)
                }
            }
            if let open = document.openElement {
                throw ImportError(
                    .malformed, "the XML ends inside \(open) (the file is cut off)", file: fileName, line: reader.line)
            }
        } catch let error as ImportError {
            return try recover(from: error, reader: reader, document: &document)
        }
        if !document.sawRoot {
            throw ImportError(
                .notTestOutput, "no <testsuites> or <testsuite> element: this is not JUnit XML", file: fileName)
        }
        return (document.testCount, document.diagnostics + attachmentFiles.diagnostics)
    }

    /// Handles an element's start tag.
    private func start(
        _ element: JUnitElement, isEmpty: Bool, reader: XMLStreamReader, in document: inout JUnitDocument
    ) throws {
        if isEmpty, element == .testcase, document.sawRoot, document.current == nil, writesPassedTestsFromBytes,
            let plain = reader.plainCaseAttributes(),
            try writePlainCase(plain, start: document.suites.last?.timestamp)
        {
            document.testCount += 1
            return
        }
        let attributes = element.hasAttributesRead ? reader.junitAttributes() : JUnitAttributes()
        switch element {
        case .testsuites:
            document.sawRoot = true
            document.rootOpen = !isEmpty
            if JUnitProducer.isPytest(rootName: attributes.name, suiteName: nil) { document.isPytest = true }
        case .testsuite:
            document.sawRoot = true
            if JUnitProducer.isPytest(rootName: nil, suiteName: attributes.name) { document.isPytest = true }
            document.suites.append(
                SuiteState(
                    name: attributes.name ?? "suite \(document.suites.count + 1)",
                    timestamp: document.timestamp(attributes.timestamp, line: reader.line, fileName: fileName),
                    hostname: attributes.hostname,
                    time: attributes.time.flatMap(Self.parseTime)))
            if isEmpty { document.testCount += try endSuite(&document.suites) }
        case .property:
            guard let propertyName = attributes.name else { break }
            // A property's value is its attribute or, when it has none, its text (multi-line values).
            guard attributes.value != nil || isEmpty else {
                document.capture = .propertyText(name: propertyName, line: reader.nodeLine)
                document.text = ""
                return
            }
            Self.add(
                NameValue(name: propertyName, value: attributes.value ?? ""), line: reader.nodeLine,
                &document.current, &document.suites)
        case .testcase:
            guard document.sawRoot else {
                throw ImportError(
                    .notTestOutput, "a <testcase> outside any <testsuite>", file: fileName,
                    line: reader.line)
            }
            // pytest counts lines from 0 (docs/IMPORT.md).
            let line = attributes.line.flatMap { Int($0) }.map { document.isPytest ? $0 + 1 : $0 }
            document.current = CaseState(
                name: attributes.name ?? "(unnamed test)",
                className: attributes.classname ?? attributes.classAttribute,
                file: attributes.file,
                line: line,
                time: attributes.time.flatMap(Self.parseTime),
                declaredStatus: attributes.status?.lowercased())
            if isEmpty {
                try endCase(document.current!, suites: document.suites)
                document.testCount += 1
                document.current = nil
            }
        case .failure, .error:
            guard document.current != nil || !document.suites.isEmpty else { break }
            let kind: IssueRecord.Kind = element == .error ? .thrownError : .assertion
            document.capture = .issue(
                kind: kind, message: attributes.message, type: attributes.type,
                element: element)
            document.text = ""
            if isEmpty { finishCapture(&document.capture, &document.current, &document.suites, document.text) }
        case .skipped:
            guard document.current != nil else { break }
            document.capture = .skipped(message: attributes.message, type: attributes.type)
            document.text = ""
            if isEmpty { finishCapture(&document.capture, &document.current, &document.suites, document.text) }
        case .flakyFailure, .rerunFailure, .flakyError, .rerunError:
            guard document.current != nil else { break }
            document.rerun = (element, attributes.message, attributes.type, "")
            if isEmpty, let value = document.rerun {
                document.current?.earlier.append(Self.attempt(from: value))
                document.rerun = nil
            }
        case .stackTrace:
            document.text = ""
        case .systemOut:
            let line = reader.nodeLine
            document.capture =
                document.current != nil
                ? (document.rerun == nil ? .caseOutput(line: line) : .none) : .suiteOutput(line: line)
            document.text = ""
        case .systemErr:
            // A suite's system-err joins its output, as a case's does.
            let line = reader.nodeLine
            document.capture =
                document.current == nil
                ? .suiteOutput(line: line) : (document.rerun == nil ? .caseError(line: line) : .none)
            document.text = ""
        default:
            return
        }
    }

    /// Handles an element's end tag.
    private func end(_ element: JUnitElement, in document: inout JUnitDocument) throws {
        switch element {
        case .testsuites:
            document.rootOpen = false
        case .testsuite:
            document.testCount += try endSuite(&document.suites)
        case .testcase:
            if let finished = document.current {
                try endCase(finished, suites: document.suites)
                document.testCount += 1
            }
            document.current = nil
        case .failure, .error, .skipped, .systemOut, .systemErr, .property:
            finishCapture(&document.capture, &document.current, &document.suites, document.text)
            document.text = ""
        case .stackTrace:
            document.rerun?.trace = document.text
            document.text = ""
        case .flakyFailure, .rerunFailure, .flakyError, .rerunError:
            if let value = document.rerun { document.current?.earlier.append(Self.attempt(from: value)) }
            document.rerun = nil
        default:
            return
        }
    }

    /// After a reading error: a cut-off file is said to be cut off, an open test case is written as interrupted,
    /// and the tests before the error are kept (with the error as a diagnostic) unless there are none.
    private func recover(from error: ImportError, reader: XMLStreamReader, document: inout JUnitDocument) throws -> (
        tests: Int, diagnostics: [Diagnostic]
    ) {
        // libxml2 says "Extra content at the end of the document" (or the like) when a file is cut off.
        let error = XMLDamage.described(error, reader: reader, openElement: document.openElement)
        if let open = document.current {
            try endCase(open, suites: document.suites, interrupted: true)
            document.testCount += 1
        }
        document.diagnostics.append(try XMLDamage.diagnostic(error, testCount: document.testCount))
        return (document.testCount, document.diagnostics + attachmentFiles.diagnostics)
    }

    private func finishCapture(
        _ capture: inout Capture, _ current: inout CaseState?, _ suites: inout [SuiteState], _ text: String
    ) {
        switch capture {
        case .none: break
        case .issue(let kind, let message, let type, let element):
            let body = text.trimmingWhitespace()
            let headline = message ?? body.split(separator: "\n").first.map(String.init) ?? element.text
            let details = !body.isEmpty && body != headline ? body : nil
            if element == .error, type == JUnitProducer.skippedStepErrorType, current != nil {
                // godog's steps skipped after a failed one: they leave the test as it was.
                current?.issues.append(IssueRecord(kind: .skip, message: headline, details: details, type: type))
                if current?.outcome == nil { current?.outcome = "skipped" }
                break
            }
            let issue = IssueRecord(
                kind: kind, message: headline, location: Self.issueLocation(trace: body, current), details: details,
                type: type)
            guard current != nil else {
                if !suites.isEmpty { suites[suites.count - 1].issues.append(issue) }
                break
            }
            if (message ?? "").isEmpty, body.isEmpty, type == nil {
                current?.bareIssues.append(issue)
            } else {
                current?.issues.append(issue)
            }
            // An error beats a failure, which beats a skip.
            let previous = current?.outcome
            current?.outcome = previous == "error" ? "error" : element.text
        case .skipped(let message, let type):
            let body = text.trimmingWhitespace()
            let given = message.flatMap { $0.isEmpty ? nil : $0 }
            let reason = given ?? (body.isEmpty ? nil : body)
            let details = given != nil && !body.isEmpty && body != given ? body : nil
            if type == JUnitProducer.pytestExpectedFailureType {
                current?.expectedFailure = (reason ?? "expected failure", details)
                if current?.outcome == nil { current?.outcome = "expectedFailure" }
                break
            }
            current?.skipReason = reason ?? "skipped"
            current?.skipDetails = details
            if current?.outcome == nil || current?.outcome == "expectedFailure" { current?.outcome = "skipped" }
        case .caseOutput(let line):
            current?.output += text
            current?.attachmentReferences += Self.markers(in: text, line: line)
        case .caseError(let line):
            current?.errorOutput += text
            current?.attachmentReferences += Self.markers(in: text, line: line)
        case .suiteOutput(let line):
            guard !suites.isEmpty, !text.isEmpty else { break }
            let separator = suites[suites.count - 1].output.isEmpty ? "" : "\n"
            suites[suites.count - 1].output += separator + text
            suites[suites.count - 1].attachmentReferences += Self.markers(in: text, line: line)
        case .rerun: break
        case .propertyText(let name, let line):
            Self.add(NameValue(name: name, value: text), line: line, &current, &suites)
        }
        capture = .none
    }

    /// The `[[ATTACHMENT|path]]` markers of an output's text, which starts on `line`.
    private static func markers(in text: String, line: Int) -> [AttachmentReference] {
        guard text.containsBytes("[[ATTACHMENT|") else { return [] }
        return JUnitAttachmentMarkers.references(in: text, firstLine: line)
    }

    /// Adds a property to the open test case, or else to the innermost open suite; an `attachment` property of a
    /// test case also names a file to attach.
    private static func add(
        _ property: NameValue, line: Int, _ current: inout CaseState?, _ suites: inout [SuiteState]
    ) {
        if current != nil {
            current?.properties.append(property)
            let path = property.value.trimmingWhitespace()
            if JUnitAttachmentMarkers.isAttachmentProperty(property.name), !path.isEmpty {
                current?.attachmentReferences.append(AttachmentReference(path: path, line: line))
            }
        } else if !suites.isEmpty {
            suites[suites.count - 1].properties.append(property)
        }
    }

    /// Writes the suite's record, and returns how many tests it wrote: one when the suite itself failed.
    private func endSuite(_ suites: inout [SuiteState]) throws -> Int {
        guard let suite = suites.popLast() else { return 0 }
        attachmentFiles.noteSuiteAttachments(suite.attachmentReferences, suite: suite.name)
        let path = suites.map(\.name) + [suite.name]
        let output = suite.output.trimmingWhitespace()
        try sink.addSuite(
            SuiteRecord(
                runIndex: runIndex, path: path, start: suite.timestamp, duration: suite.time,
                status: suite.issues.isEmpty ? nil : .failed, issues: suite.issues,
                output: output.isEmpty ? nil : try captured(output), properties: suite.properties,
                hostname: suite.hostname))
        guard !suite.issues.isEmpty else { return 0 }
        // A suite that failed outside its test cases (a setup that failed before any test ran) is also written as
        // a failed test named after it, as Surefire does: every report, count and export then shows the failure.
        let scope = classNames.scope(of: suite.name)
        try sink.addTest(
            TestRecord(
                runIndex: runIndex,
                identity: TestIdentity(module: scope.module, suites: scope.suites, name: Self.suiteFailureName),
                attempts: [
                    TestAttempt(
                        status: .failed, statusReason: "the suite failed outside its test cases",
                        start: suite.timestamp, issues: suite.issues)
                ]))
        return 1
    }

    /// The name of the test that stands for a suite's own failure.
    static let suiteFailureName = "(suite)"

    private func endCase(_ state: CaseState, suites: [SuiteState], interrupted: Bool = false) throws {
        let status: TestStatus
        switch state.outcome {
        case "error", "failure": status = .failed
        case "skipped": status = .skipped
        case "expectedFailure": status = .expectedFailure
        default:
            if interrupted {
                status = .interrupted
            } else if let declared = state.declaredStatus, Self.skippedWords.contains(declared) {
                status = .skipped
            } else {
                status = .passed
            }
        }
        var issues = state.issues
        Self.addBareIssues(state.bareIssues, to: &issues)
        // An error beats a failure: the error that made the test one comes first, as `junit` writes it back.
        if state.outcome == "error", issues.first?.kind != .thrownError {
            issues = issues.filter { $0.kind == .thrownError } + issues.filter { $0.kind != .thrownError }
        }
        // A `<skipped>` element gives the reason; else the first skipped step (godog), else the `status` attribute.
        let skippedStep = issues.first { $0.kind == .skip }?.message
        let skipReason = state.skipReason ?? skippedStep ?? state.declaredStatus ?? "skipped"
        if status == .skipped, state.skipReason != nil || skippedStep == nil {
            issues.append(IssueRecord(kind: .skip, message: skipReason, details: state.skipDetails))
        }
        if status == .expectedFailure, let expected = state.expectedFailure {
            issues.append(IssueRecord(kind: .knownIssue, message: expected.reason, details: expected.details))
        }
        var outputText = state.output
        if !state.errorOutput.isEmpty { outputText += (outputText.isEmpty ? "" : "\n") + state.errorOutput }
        let attachments = attachmentFiles.attachments(for: state.attachmentReferences)
        let trimmed = outputText.isEmpty ? "" : outputText.trimmingLineBreaks()
        let final = TestAttempt(
            status: status,
            statusReason: status == .skipped ? skipReason : (interrupted ? "the XML ends inside this test case" : nil),
            start: suites.last?.timestamp,
            duration: state.time,
            issues: issues,
            attachments: attachments,
            output: trimmed.isEmpty ? nil : try captured(trimmed))
        // No classname, or an empty one (jest writes `classname=""`): the test belongs to its suite.
        let className = state.className.flatMap { $0.isEmpty ? nil : $0 }
        let scope = classNames.scope(of: className ?? suites.last?.name ?? "")
        let identity = TestIdentity(module: scope.module, suites: scope.suites, name: state.name)
        let location = state.file.map { SourceLocation(file: $0, line: state.line ?? 0) }
        // Appending moves the final attempt in; `earlier + [final]` built two arrays and copied every attempt.
        var attempts = state.earlier
        attempts.append(final)
        try sink.addTest(
            TestRecord(
                runIndex: runIndex, identity: identity, location: location, status: status, attempts: attempts,
                properties: state.properties))
    }

    private func captured(_ text: String) throws -> CapturedOutput { try .imported(text, sink: sink) }

    private static func attempt(from rerun: (element: JUnitElement, message: String?, type: String?, trace: String))
        -> TestAttempt
    {
        let kind: IssueRecord.Kind =
            rerun.element == .flakyError || rerun.element == .rerunError ? .thrownError : .assertion
        let trace = rerun.trace.trimmingWhitespace()
        let message = rerun.message ?? trace.split(separator: "\n").first.map(String.init) ?? rerun.element.text
        return TestAttempt(
            status: .failed,
            issues: [
                IssueRecord(
                    kind: kind, message: message, location: TraceLocation.find(in: trace, className: nil),
                    details: !trace.isEmpty && trace != message ? trace : nil, type: rerun.type)
            ])
    }

    /// `status` attribute values that mean the test did not run (TST, CTest and others write them).
    static let skippedWords: Set<String> = ["disabled", "skipped", "notrun", "not run", "ignored", "pending"]

    static func parseTime(_ text: String) -> Double? {
        var text = text
        if let value = text.withUTF8({ ShortDecimal.parse($0) }), value >= 0 { return value }
        if let value = Double(text), value.isFinite, value >= 0 { return value }
        let cleaned = text.replacingOccurrences(of: ",", with: "").trimmingCharacters(in: .whitespaces)
        guard let value = Double(cleaned), value.isFinite, value >= 0 else { return nil }
        return value
    }

}

/// The module and suites a JUnit `classname` stands for: split at every dot, the first part is the module when
/// there are several (`Module.Suite.Inner` → module `Module`, suites `Suite`, `Inner`). Empty parts are kept
/// (`pkg..mod`, `.github.scripts`), so the export joins them back to the same classname. Remembers the last one,
/// since consecutive test cases nearly always share their classname.
final class ClassNameScopes {
    private var last: (className: String, module: String?, suites: [String])?

    func scope(of className: String) -> (module: String?, suites: [String]) {
        if let last, last.className == className { return (last.module, last.suites) }
        let parts =
            className.isEmpty ? [] : className.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let scope: (module: String?, suites: [String])
        switch parts.count {
        case 0: scope = (nil, [])
        case 1: scope = (nil, parts)
        default: scope = (parts[0], Array(parts.dropFirst()))
        }
        last = (className, scope.module, scope.suites)
        return scope
    }
}
