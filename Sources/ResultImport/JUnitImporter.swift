import Foundation
import ResultModel
import ResultSupport

/// Streaming importer of JUnit XML from any tool (pytest, jest, Maven Surefire, Go, Gradle, ...), through
/// libxml2's reader: nested `testsuite`s, `testcase` name, classname, file, line and time; `failure`, `error` and
/// `skipped` with message, type and body; `system-out`/`system-err` per case and per suite; properties,
/// timestamp and hostname; Surefire's `flakyFailure`, `rerunFailure`, `flakyError` and `rerunError` as earlier
/// attempts; and `[[ATTACHMENT|path]]` lines, attached when the file lies inside the input's folder.
///
/// A test's identity comes from its classname split at every dot (the first part is the module when there are
/// several) and its name, so `import(junit(bundle))` gives every test back its id.
struct JUnitImporter {
    let sink: any ResultSink
    let runIndex: Int
    let fileName: String
    /// The folder attachments must lie in; `nil` for standard input (attachments are not read then).
    let attachmentsBase: URL?
    /// The longest text kept from one element (message bodies, system-out).
    var textLimit = 4 << 20
    /// Whether plain passed test cases are handed to the sink as bytes (``writePlainCase(_:start:)``); off only
    /// to compare with the general path.
    var writesPassedTestsFromBytes = true
    /// Module and suites of the last classname seen (consecutive test cases share their classname).
    private let classNames = ClassNameScopes()

    private struct CaseState {
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
        var output = ""
        var errorOutput = ""
        /// The test case's own `<properties>` (pytest's `record_property`, trainer's `repetition`).
        var properties: [NameValue] = []
    }

    private struct SuiteState {
        var name: String
        var timestamp: Double?
        var hostname: String?
        var time: Double?
        var properties: [NameValue] = []
        var output = ""
        /// A `<failure>` or `<error>` of the suite itself, outside its test cases (a setup that failed).
        var issues: [IssueRecord] = []
    }

    private enum Capture {
        case none
        case issue(kind: IssueRecord.Kind, message: String?, type: String?, element: JUnitElement)
        case skipped(message: String?)
        case caseOutput
        case caseError
        case suiteOutput
        case rerun(element: JUnitElement, message: String?, type: String?)
        /// A `<property>` with no `value` attribute, whose text is its value.
        case propertyText(name: String)
    }

    func run(prefix: [UInt8], descriptor: Int32) throws -> (tests: Int, diagnostics: [Diagnostic]) {
        let reader = try JUnitXMLReader(prefix: prefix, descriptor: descriptor, fileName: fileName)
        var suites: [SuiteState] = []
        var current: CaseState?
        var capture = Capture.none
        var text = ""
        var rerun: (element: JUnitElement, message: String?, type: String?, trace: String)?
        var sawRoot = false
        var rootOpen = false
        var testCount = 0
        var diagnostics: [Diagnostic] = []

        /// A suite's timestamp; one in no known form is left absent, with a warning (never replaced by "now").
        func timestamp(_ text: String?, line: Int) -> Double? {
            guard let text, !text.trimmingWhitespace().isEmpty else { return nil }
            if let value = JUnitTimestamp.parse(text) { return value }
            diagnostics.append(
                Diagnostic(
                    severity: .warning,
                    message: "the timestamp \"\(text.prefix(80))\" is in no form this importer knows; the suite's "
                        + "start is left unknown", file: fileName, line: line))
            return nil
        }

        func appendText(_ value: String) {
            guard text.utf8.count < textLimit else { return }
            text += value
        }

        do {
            while let node = try reader.next() {
                switch node {
                case .startElement(let element, let isEmpty):
                    if isEmpty, element == .testcase, sawRoot, current == nil, writesPassedTestsFromBytes,
                        let plain = reader.plainCaseAttributes(),
                        try writePlainCase(plain, start: suites.last?.timestamp)
                    {
                        testCount += 1
                        break
                    }
                    let attributes = element.hasAttributesRead ? reader.attributes() : JUnitXMLReader.Attributes()
                    switch element {
                    case .testsuites:
                        sawRoot = true
                        rootOpen = !isEmpty
                    case .testsuite:
                        sawRoot = true
                        suites.append(
                            SuiteState(
                                name: attributes.name ?? "suite \(suites.count + 1)",
                                timestamp: timestamp(attributes.timestamp, line: reader.line),
                                hostname: attributes.hostname,
                                time: attributes.time.flatMap(Self.parseTime)))
                        if isEmpty { testCount += try endSuite(&suites) }
                    case .property:
                        guard let propertyName = attributes.name else { break }
                        // A property's value is its attribute or, when it has none, its text (multi-line values).
                        guard attributes.value != nil || isEmpty else {
                            capture = .propertyText(name: propertyName)
                            text = ""
                            break
                        }
                        Self.add(NameValue(name: propertyName, value: attributes.value ?? ""), &current, &suites)
                    case .testcase:
                        guard sawRoot else {
                            throw ImportError(
                                .notTestOutput, "a <testcase> outside any <testsuite>", file: fileName,
                                line: reader.line)
                        }
                        current = CaseState(
                            name: attributes.name ?? "(unnamed test)",
                            className: attributes.classname,
                            file: attributes.file,
                            line: attributes.line.flatMap { Int($0) },
                            time: attributes.time.flatMap(Self.parseTime),
                            declaredStatus: attributes.status?.lowercased())
                        if isEmpty {
                            try endCase(current!, suites: suites)
                            testCount += 1
                            current = nil
                        }
                    case .failure, .error:
                        guard current != nil || !suites.isEmpty else { break }
                        let kind: IssueRecord.Kind = element == .error ? .thrownError : .assertion
                        capture = .issue(
                            kind: kind, message: attributes.message, type: attributes.type,
                            element: element)
                        text = ""
                        if isEmpty { finishCapture(&capture, &current, &suites, text) }
                    case .skipped:
                        guard current != nil else { break }
                        capture = .skipped(message: attributes.message)
                        text = ""
                        if isEmpty { finishCapture(&capture, &current, &suites, text) }
                    case .flakyFailure, .rerunFailure, .flakyError, .rerunError:
                        guard current != nil else { break }
                        rerun = (element, attributes.message, attributes.type, "")
                        if isEmpty, let value = rerun {
                            current?.earlier.append(Self.attempt(from: value))
                            rerun = nil
                        }
                    case .stackTrace:
                        text = ""
                    case .systemOut:
                        capture = current != nil ? (rerun == nil ? .caseOutput : .none) : .suiteOutput
                        text = ""
                    case .systemErr:
                        // A suite's system-err joins its output, as a case's does.
                        capture = current == nil ? .suiteOutput : (rerun == nil ? .caseError : .none)
                        text = ""
                    default:
                        break
                    }
                case .text:
                    // Text only matters inside an element being captured (elsewhere it is layout whitespace).
                    if case .none = capture, rerun == nil { break }
                    appendText(reader.text())
                case .endElement(let element):
                    switch element {
                    case .testsuites:
                        rootOpen = false
                    case .testsuite:
                        testCount += try endSuite(&suites)
                    case .testcase:
                        if let finished = current {
                            try endCase(finished, suites: suites)
                            testCount += 1
                        }
                        current = nil
                    case .failure, .error, .skipped, .systemOut, .systemErr, .property:
                        finishCapture(&capture, &current, &suites, text)
                        text = ""
                    case .stackTrace:
                        rerun?.trace = text
                        text = ""
                    case .flakyFailure, .rerunFailure, .flakyError, .rerunError:
                        if let value = rerun { current?.earlier.append(Self.attempt(from: value)) }
                        rerun = nil
                    default:
                        break
                    }
                }
            }
            if let open = Self.openElement(case: current, suites: suites, rootOpen: rootOpen) {
                throw ImportError(
                    .malformed, "the XML ends inside \(open) (the file is cut off)", file: fileName, line: reader.line)
            }
        } catch var error as ImportError {
            // libxml2 says "Extra content at the end of the document" (or the like) when a file is cut off.
            if reader.isAtEndOfInput(error),
                let open = Self.openElement(case: current, suites: suites, rootOpen: rootOpen),
                !error.message.contains("the file is cut off")
            {
                error = ImportError(
                    .malformed, "the XML ends inside \(open) (the file is cut off)", file: fileName, line: error.line,
                    column: error.column)
            }
            if let open = current {
                try endCase(open, suites: suites, interrupted: true)
                testCount += 1
            }
            if testCount == 0 { throw error }
            diagnostics.append(
                Diagnostic(
                    severity: .error,
                    message: error.message + (error.column.map { " (column \($0))" } ?? "")
                        + "; the tests before it were imported", file: fileName,
                    line: error.line))
            return (testCount, diagnostics)
        }
        if !sawRoot {
            throw ImportError(
                .notTestOutput, "no <testsuites> or <testsuite> element: this is not JUnit XML", file: fileName)
        }
        return (testCount, diagnostics)
    }

    /// The element a document that ended was still inside, if any.
    private static func openElement(case current: CaseState?, suites: [SuiteState], rootOpen: Bool) -> String? {
        if let current { return "<testcase name=\"\(current.name)\">" }
        if let suite = suites.last { return "<testsuite name=\"\(suite.name)\">" }
        return rootOpen ? "<testsuites>" : nil
    }

    private func finishCapture(
        _ capture: inout Capture, _ current: inout CaseState?, _ suites: inout [SuiteState], _ text: String
    ) {
        switch capture {
        case .none: break
        case .issue(let kind, let message, let type, let element):
            let body = text.trimmingWhitespace()
            let headline = message ?? body.split(separator: "\n").first.map(String.init) ?? element.text
            var location: SourceLocation?
            if let file = current?.file { location = SourceLocation(file: file, line: current?.line ?? 0) }
            let issue = IssueRecord(
                kind: kind, message: headline, location: location,
                details: !body.isEmpty && body != headline ? body : nil, type: type)
            guard current != nil else {
                if !suites.isEmpty { suites[suites.count - 1].issues.append(issue) }
                break
            }
            current?.issues.append(issue)
            let previous = current?.outcome
            current?.outcome = previous == "error" ? "error" : element.text
        case .skipped(let message):
            let body = text.trimmingWhitespace()
            current?.skipReason = message ?? (body.isEmpty ? "skipped" : body)
            if current?.outcome == nil { current?.outcome = "skipped" }
        case .caseOutput: current?.output += text
        case .caseError: current?.errorOutput += text
        case .suiteOutput:
            guard !suites.isEmpty, !text.isEmpty else { break }
            let separator = suites[suites.count - 1].output.isEmpty ? "" : "\n"
            suites[suites.count - 1].output += separator + text
        case .rerun: break
        case .propertyText(let name): Self.add(NameValue(name: name, value: text), &current, &suites)
        }
        capture = .none
    }

    /// Adds a property to the open test case, or else to the innermost open suite.
    private static func add(_ property: NameValue, _ current: inout CaseState?, _ suites: inout [SuiteState]) {
        if current != nil {
            current?.properties.append(property)
        } else if !suites.isEmpty {
            suites[suites.count - 1].properties.append(property)
        }
    }

    /// Writes the suite's record, and returns how many tests it wrote: one when the suite itself failed.
    private func endSuite(_ suites: inout [SuiteState]) throws -> Int {
        guard let suite = suites.popLast() else { return 0 }
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
        let skipReason = state.skipReason ?? state.declaredStatus ?? "skipped"
        if status == .skipped { issues.append(IssueRecord(kind: .skip, message: skipReason)) }
        var outputText = state.output
        if !state.errorOutput.isEmpty { outputText += (outputText.isEmpty ? "" : "\n") + state.errorOutput }
        let attachments = outputText.isEmpty ? [] : try attachmentLines(in: outputText)
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

    private func captured(_ text: String) throws -> CapturedOutput {
        if text.utf8.count <= 16 << 10 { return CapturedOutput(text: text) }
        return CapturedOutput(blob: try sink.storeBlob(Data(text.utf8)))
    }

    /// `[[ATTACHMENT|path]]` lines whose file lies inside the input's folder.
    private func attachmentLines(in output: String) throws -> [AttachmentRecord] {
        guard let base = attachmentsBase, output.containsBytes("[[ATTACHMENT|") else { return [] }
        var records: [AttachmentRecord] = []
        let root = base.resolvingSymlinksInPath().standardizedFileURL.path
        for line in output.split(separator: "\n") {
            guard let start = line.range(of: "[[ATTACHMENT|"),
                let end = line.range(of: "]]", range: start.upperBound..<line.endIndex)
            else { continue }
            let path = String(line[start.upperBound..<end.lowerBound])
            let url = (path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path))
                .resolvingSymlinksInPath().standardizedFileURL
            guard url.path.hasPrefix(root + "/"),
                let size = try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int, size <= 256 << 20
            else { continue }
            let blob = try sink.storeBlob(contentsOf: url)
            let mediaType = MediaTypes.guess(
                fileName: url.lastPathComponent, data: (try? Data(contentsOf: url).prefix(4096)) ?? Data())
            records.append(
                AttachmentRecord(
                    name: url.lastPathComponent, mediaType: mediaType, kind: MediaTypes.kind(of: mediaType), blob: blob)
            )
        }
        return records
    }

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
                    kind: kind, message: message, details: !trace.isEmpty && trace != message ? trace : nil,
                    type: rerun.type)
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
