import Foundation
import ResultModel

/// Reads an Allure 2 results folder into a sink, in two passes over its files so that memory holds only a few
/// facts per result: the first reads every `*-result.json` for its `historyId` and `start`, and every
/// `*-container.json` for the fixtures (`befores`, `afters`) of its children; the second reads the results of
/// each test again, in the order the tests started, and writes the test: the results that share a `historyId`
/// are its attempts (Allure's retries), the latest last.
///
/// A file that is not valid JSON is an error naming its line and column; the other files are still read.
final class AllureFolderReader {
    /// How a results file's name ends.
    static let resultSuffix = "-result.json"
    /// How a container file's name ends.
    static let containerSuffix = "-container.json"

    private let context: ImportContext
    private let documents: AllureDocuments
    private let attachments: AllureAttachments
    private var diagnostics: [Diagnostic] = []

    /// One result file seen in the first pass.
    private struct Entry {
        var file: String
        var start: Double?
    }

    /// The fixtures of one test's containers, as activities.
    private struct Fixtures {
        var befores: [ActivityRecord] = []
        var afters: [ActivityRecord] = []
    }

    /// Creates a reader of `folder` writing to the context's sink.
    init(folder: URL, context: ImportContext) {
        self.context = context
        documents = AllureDocuments(folder: folder, folderName: context.fileName)
        attachments = AllureAttachments(sink: context.sink, folder: folder, maxBytes: context.maxAttachmentBytes)
    }

    func run() throws -> ImportOutcome {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: documents.folder.path).sorted()
        } catch {
            throw ImportError(
                .unreadable, "cannot list the folder: \(error.localizedDescription)", file: context.fileName)
        }
        var firstError: ImportError?
        func noting<T>(_ read: () throws -> T) -> T? {
            do { return try read() } catch let error as ImportError {
                firstError = firstError ?? error
                diagnostics.append(Self.diagnostic(error))
            } catch {
                diagnostics.append(Diagnostic(severity: .error, message: "\(error)", file: context.fileName))
            }
            return nil
        }
        // First pass: which results belong to which test, and the fixtures of each result.
        var groups: [String: [Entry]] = [:]
        var uuids: Set<String> = []
        for name in names where name.hasSuffix(Self.resultSuffix) {
            guard let result = noting({ try documents.read(name) }) else { continue }
            let uuid = result["uuid"]?.string ?? name
            uuids.insert(uuid)
            let key = result["historyId"]?.string ?? result["testCaseId"]?.string ?? uuid
            groups[key, default: []].append(Entry(file: name, start: AllureTime.seconds(result["start"])))
        }
        var fixtures: [String: Fixtures] = [:]
        for name in names where name.hasSuffix(Self.containerSuffix) {
            guard let container = noting({ try documents.read(name) }) else { continue }
            try readContainer(container, file: name, knownResults: uuids, into: &fixtures)
        }
        // Second pass: each test, in the order its first attempt started.
        let tests = groups.values.map { $0.sorted(by: Self.startsEarlier) }.sorted { Self.startsEarlier($0[0], $1[0]) }
        var written = 0
        for entries in tests {
            let results = entries.compactMap { entry in noting { try documents.read(entry.file) }.map { (entry, $0) } }
            guard !results.isEmpty else { continue }
            try context.sink.addTest(
                test(results.map { (file: $0.0.file, result: $0.1) }, fixtures: fixtures))
            written += 1
        }
        if written == 0 {
            if let firstError { throw firstError }
            throw ImportError(.notTestOutput, "the folder has no Allure *-result.json file", file: context.fileName)
        }
        return ImportOutcome(format: .allure, testCount: written, diagnostics: diagnostics + attachments.diagnostics)
    }

    /// The test of one `historyId`: one attempt per result, the latest last.
    private func test(_ results: [(file: String, result: JSONValue)], fixtures: [String: Fixtures]) throws
        -> TestRecord
    {
        let final = results[results.count - 1].result
        let labels = AllureLabels(final["labels"])
        let className = labels.value("testClass")
        let attempts = results.map { file, result in
            attempt(result, file: file, className: className, fixtures: fixtures[result["uuid"]?.string ?? ""])
        }
        let scope = labels.scope
        let parameters = AllureTime.parameters(final["parameters"])
        var name = final["name"]?.string ?? final["fullName"]?.string ?? "(unnamed test)"
        // Parameterized tests of most adapters share their name; their parameters tell them apart.
        if !parameters.isEmpty, !name.hasSuffix("]") {
            name += " [" + parameters.map { "\($0.name)=\($0.value)" }.joined(separator: ", ") + "]"
        }
        var properties = parameters + labels.properties
        for link in final["links"]?.array ?? [] {
            if let url = link["url"]?.string { properties.append(NameValue(name: "link", value: url)) }
        }
        return TestRecord(
            runIndex: context.runIndex,
            identity: TestIdentity(module: scope.module, suites: scope.suites, name: name),
            tags: labels.tags, attempts: attempts, properties: properties)
    }

    /// One result as an attempt: its status and failure, its container's set-up fixtures, its steps and
    /// tear-down fixtures as activities, and its own attachments.
    private func attempt(_ result: JSONValue, file: String, className: String?, fixtures: Fixtures?) -> TestAttempt {
        let shown = documents.displayName(file)
        let steps = AllureSteps(attachments: attachments, fileName: shown, className: className)
        let word = result["status"]?.string
        let status = AllureStatus.status(word)
        let issue = AllureStatus.issue(status: word, details: result["statusDetails"], className: className)
        var activities = fixtures?.befores ?? []
        activities += steps.activities(result["steps"])
        activities += fixtures?.afters ?? []
        return TestAttempt(
            status: status,
            statusReason: status == .skipped ? issue?.message : nil,
            start: AllureTime.seconds(result["start"]),
            duration: AllureTime.duration(start: result["start"], stop: result["stop"]),
            issues: issue.map { [$0] } ?? [],
            activities: activities,
            attachments: attachments.records(result["attachments"], fileName: shown),
            worker: AllureLabels(result["labels"]).value("thread"))
    }

    /// Notes a container's fixtures for each of its children; a container whose fixture failed and that has no
    /// child result left (the tests never ran) is written as a failed suite, so the failure is not lost.
    private func readContainer(
        _ container: JSONValue, file: String, knownResults: Set<String>, into fixtures: inout [String: Fixtures]
    ) throws {
        let steps = AllureSteps(attachments: attachments, fileName: documents.displayName(file), className: nil)
        let befores = (container["befores"]?.array ?? []).map { steps.activity($0, titlePrefix: "set up: ") }
        let afters = (container["afters"]?.array ?? []).map { steps.activity($0, titlePrefix: "tear down: ") }
        guard !befores.isEmpty || !afters.isEmpty else { return }
        let children = (container["children"]?.array ?? []).compactMap(\.string).filter(knownResults.contains)
        for child in children {
            fixtures[child, default: Fixtures()].befores += befores
            fixtures[child, default: Fixtures()].afters += afters
        }
        let failed = (befores + afters).filter { $0.status.isFailure }
        guard children.isEmpty, !failed.isEmpty else { return }
        let name = container["name"]?.string.flatMap { $0.isEmpty ? nil : $0 } ?? file
        try context.sink.addSuite(
            SuiteRecord(
                runIndex: context.runIndex, path: [name], start: AllureTime.seconds(container["start"]),
                duration: AllureTime.duration(start: container["start"], stop: container["stop"]), status: .failed,
                issues: failed.flatMap(\.issues)))
        diagnostics.append(
            Diagnostic(
                severity: .warning,
                message: "the fixture \"\(failed[0].title)\" failed and no test of this container has a result",
                file: documents.displayName(file)))
    }

    private static func startsEarlier(_ left: Entry, _ right: Entry) -> Bool {
        switch (left.start, right.start) {
        case (let a?, let b?) where a != b: a < b
        case (nil, _?): false
        case (_?, nil): true
        default: left.file < right.file
        }
    }

    private static func diagnostic(_ error: ImportError) -> Diagnostic {
        var message = error.message
        if let column = error.column { message += " (column \(column))" }
        return Diagnostic(
            severity: .error, message: message + "; the file was skipped", file: error.file, line: error.line,
            byteOffset: error.byteOffset)
    }
}
