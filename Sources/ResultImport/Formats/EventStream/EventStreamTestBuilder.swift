import Foundation
import ResultModel

/// Builds one test record from a test's events, applied in time order.
struct EventStreamTestBuilder {
    private struct OpenCase {
        var arguments: String
        var caseID: String?
        var issues: [IssueRecord] = []
        var isOpen = true
    }

    let attachmentsBase: URL?
    let sink: any ResultSink
    let fileName: String
    private var start: Double?
    private var startSince1970: Double?
    private var end: Double?
    private var issues: [IssueRecord] = []
    private var attachments: [AttachmentRecord] = []
    private var cases: [OpenCase] = []
    private var skipReason: String?
    private var isSkipped = false
    private var endSymbol: String?

    init(attachmentsBase: URL?, sink: any ResultSink, fileName: String) {
        self.attachmentsBase = attachmentsBase
        self.sink = sink
        self.fileName = fileName
    }

    mutating func apply(kind: String, payload: [String: Any], instant: Double) throws {
        let messages = (payload["messages"] as? [[String: Any]]) ?? []
        switch kind {
        case "testStarted":
            start = instant
            startSince1970 = (payload["instant"] as? [String: Any])?["since1970"] as? Double
        case "testEnded":
            end = instant
            endSymbol = messages.first?["symbol"] as? String
        case "testSkipped":
            isSkipped = true
            end = instant
            if let comments = payload["_comments"] as? [String], let first = comments.first {
                skipReason = first
            } else if let text = messages.first?["text"] as? String, let range = text.range(of: "skipped: \"") {
                skipReason = String(text[range.upperBound...].dropLast())
            }
        case "testCaseStarted":
            let testCase = payload["_testCase"] as? [String: Any]
            let arguments =
                (testCase?["displayName"] as? String) ?? Self.caseArguments(messages) ?? "case \(cases.count + 1)"
            cases.append(OpenCase(arguments: arguments, caseID: testCase?["id"] as? String))
        case "testCaseEnded":
            let caseID = (payload["_testCase"] as? [String: Any])?["id"] as? String
            if let index = cases.firstIndex(where: { $0.isOpen && (caseID == nil || $0.caseID == caseID) }) {
                cases[index].isOpen = false
            }
        case "issueRecorded":
            let issue = makeIssue(payload, messages: messages)
            let caseID = (payload["_testCase"] as? [String: Any])?["id"] as? String
            if let caseID, let index = cases.firstIndex(where: { $0.caseID == caseID }) {
                cases[index].issues.append(issue)
            } else if let index = cases.lastIndex(where: { $0.isOpen }) {
                cases[index].issues.append(issue)
            } else {
                issues.append(issue)
            }
        case "valueAttached":
            if let attachment = try makeAttachment(payload, instant: payload["instant"]) {
                attachments.append(attachment)
            }
        default:
            break
        }
    }

    func makeRecord(
        runIndex: Int, identity: TestIdentity, displayName: String?, location: SourceLocation?, interrupted: Bool,
        crash: IssueRecord? = nil
    ) -> TestRecord {
        let caseRecords = cases.map { open in
            TestCaseRecord(
                arguments: open.arguments, caseID: open.caseID,
                attempts: [TestAttempt(status: Self.status(open.issues, symbol: nil), issues: open.issues)])
        }
        var status: TestStatus
        if isSkipped {
            status = .skipped
        } else if interrupted || end == nil {
            status = crash == nil ? .interrupted : .crashed
        } else {
            status = Self.status(issues + cases.flatMap(\.issues), symbol: endSymbol)
        }
        var ownIssues = issues
        if isSkipped { ownIssues.append(IssueRecord(kind: .skip, message: skipReason ?? "skipped")) }
        if status == .crashed, let crash { ownIssues.append(crash) }
        let reasons: [TestStatus: String] = [
            .interrupted: "the event stream ends before the test ended",
            .crashed: "the test process crashed while the test ran; the event stream ends there",
        ]
        let attempt = TestAttempt(
            status: status,
            statusReason: isSkipped ? skipReason : reasons[status],
            start: startSince1970,
            duration: start.flatMap { begin in end.map { $0 - begin } },
            issues: ownIssues,
            attachments: attachments
        )
        return TestRecord(
            runIndex: runIndex, identity: identity, displayName: displayName, location: location,
            status: status, attempts: [attempt], cases: caseRecords)
    }

    private static func status(_ issues: [IssueRecord], symbol: String?) -> TestStatus {
        if issues.contains(where: { $0.kind.isFailure }) || symbol == "fail" { return .failed }
        if issues.contains(where: { $0.kind == .knownIssue }) { return .expectedFailure }
        if issues.contains(where: { $0.kind == .warning }) { return .warning }
        return .passed
    }

    /// `x → 1` from `Test case passing 1 argument x → 1 to param(x:) started.`.
    private static func caseArguments(_ messages: [[String: Any]]) -> String? {
        guard let text = messages.first?["text"] as? String, let argument = text.range(of: "argument"),
            let to = text.range(of: " to ", options: .backwards), argument.upperBound <= to.lowerBound
        else { return nil }
        var value = text[argument.upperBound..<to.lowerBound]
        if value.hasPrefix("s") { value = value.dropFirst() }
        return value.trimmingSpaces
    }

    private func makeIssue(_ payload: [String: Any], messages: [[String: Any]]) -> IssueRecord {
        let issue = payload["issue"] as? [String: Any] ?? [:]
        let isKnown = issue["isKnown"] as? Bool ?? false
        let severity = issue["severity"] as? String ?? "error"
        let message =
            (messages.first { ($0["symbol"] as? String) != "details" }?["text"] as? String) ?? "Issue recorded"
        let details = messages.filter { ($0["symbol"] as? String) == "details" }.compactMap { $0["text"] as? String }
        let kind: IssueRecord.Kind
        if isKnown {
            kind = .knownIssue
        } else if severity == "warning" || (issue["isFailure"] as? Bool) == false {
            kind = .warning
        } else if issue["_error"] != nil || message.hasPrefix("Caught error") {
            kind = .thrownError
        } else {
            kind = .assertion
        }
        let location =
            EventStreamParser.location(issue["sourceLocation"])
            ?? EventStreamParser.location(payload["_sourceLocation"])
        return IssueRecord(
            kind: kind, message: message, location: location,
            details: details.isEmpty ? nil : details.joined(separator: "\n"))
    }

    private func makeAttachment(_ payload: [String: Any], instant: Any?) throws -> AttachmentRecord? {
        guard let attachment = payload["attachment"] as? [String: Any] else { return nil }
        var data: Data?
        var name = attachment["_preferredName"] as? String
        if let encoded = attachment["_bytes"] as? String {
            data = Data(base64Encoded: encoded)
        } else if let path = attachment["path"] as? String {
            let url =
                path.hasPrefix("/")
                ? URL(fileURLWithPath: path)
                : (attachmentsBase?.appendingPathComponent(path) ?? URL(fileURLWithPath: path))
            name = name ?? url.lastPathComponent
            if let size = try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int, size <= 256 << 20
            {
                data = try? Data(contentsOf: url)
            }
        }
        guard let data else { return nil }
        let displayName = name ?? "attachment"
        let mediaType = MediaTypes.guess(fileName: displayName, data: data)
        let since1970 = (instant as? [String: Any])?["since1970"] as? Double
        return AttachmentRecord(
            name: displayName, mediaType: mediaType, kind: MediaTypes.kind(of: mediaType),
            blob: try sink.storeBlob(data), timestamp: since1970,
            location: EventStreamParser.location(payload["_sourceLocation"]))
    }
}
