import ResultModel

/// One `Test Case` node of `xcresulttool get test-results tests` JSON as test records: one per device and test plan
/// configuration (its `Device` and `Test Plan Configuration` children, present when the run had several), with
/// `Repetition` children as attempts, `Arguments` children as cases, `Failure Message` children as issues
/// (`File.swift:12: message`) and `tags` as tags. Its identity comes from its `nodeIdentifier`
/// (`Suite/Nested/test()`), so a swift-testing test with a display name keeps its function name; the display name
/// is the test's ``TestRecord/displayName``.
struct XCResultToolTestCase {
    let node: JSONValue
    let module: String?
    /// The names of the suites above it in the tree.
    let suites: [String]

    /// The records, each with the name of its device and configuration (`nil` when the node has none).
    func tests() -> [(configuration: String?, test: TestRecord)] {
        leaves(of: node, names: []).map { leaf, names in
            (names.isEmpty ? nil : names.joined(separator: " · "), record(from: leaf))
        }
    }

    /// The nodes that hold results: the test case itself, or each of its device and configuration children.
    private func leaves(of node: JSONValue, names: [String]) -> [(JSONValue, [String])] {
        let split = children(of: node).filter { ["Device", "Test Plan Configuration"].contains(kind($0)) }
        guard !split.isEmpty else { return [(node, names)] }
        return split.flatMap { leaves(of: $0, names: names + [$0["name"]?.string ?? kind($0) ?? "?"]) }
    }

    private func record(from leaf: JSONValue) -> TestRecord {
        let shownName = node["name"]?.string ?? "(unnamed test)"
        var identitySuites = suites
        var name = shownName
        if let identifier = node["nodeIdentifier"]?.string, !identifier.isEmpty {
            let parts = identifier.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            name = parts[parts.count - 1]
            if parts.count > 1 { identitySuites = Array(parts.dropLast()) }
        }
        let cases = children(of: leaf).filter { kind($0) == "Arguments" }.map { arguments in
            TestCaseRecord(arguments: arguments["name"]?.string ?? "", attempts: attempts(of: arguments))
        }
        let ownAttempts: [TestAttempt]
        if cases.isEmpty {
            ownAttempts = attempts(of: leaf)
        } else {
            let status = XcodeTestOutcome.status(leaf["result"]?.string ?? node["result"]?.string)
            ownAttempts = [
                TestAttempt(status: status, duration: XcodeDuration.seconds(leaf) ?? XcodeDuration.seconds(node))
            ]
        }
        return TestRecord(
            identity: TestIdentity(module: module, suites: identitySuites, name: name),
            displayName: shownName == name ? nil : shownName,
            tags: (node["tags"]?.array ?? []).compactMap(\.string),
            attempts: ownAttempts, cases: cases)
    }

    /// One attempt per `Repetition` child (`First Run`, `Retry 1`, `Repetition 2`; `Test Case Run` in the schema's
    /// list of node types), or the node's own result.
    private func attempts(of node: JSONValue) -> [TestAttempt] {
        let repetitions = children(of: node).filter { ["Repetition", "Test Case Run"].contains(kind($0)) }
        guard !repetitions.isEmpty else { return [attempt(node)] }
        return repetitions.map(attempt)
    }

    private func attempt(_ node: JSONValue) -> TestAttempt {
        let status = XcodeTestOutcome.status(node["result"]?.string)
        var issues: [IssueRecord] = []
        for child in children(of: node) {
            guard let text = child["name"]?.string else { continue }
            switch kind(child) {
            case "Failure Message":
                let placed = XcodeTestOutcome.placed(text)
                let issueKind: IssueRecord.Kind =
                    switch status {
                    case .skipped: .skip
                    case .expectedFailure: .knownIssue
                    default: .assertion
                    }
                issues.append(IssueRecord(kind: issueKind, message: placed.message, location: placed.location))
            case "Runtime Warning":
                let placed = XcodeTestOutcome.placed(text)
                issues.append(IssueRecord(kind: .warning, message: placed.message, location: placed.location))
            default:
                continue
            }
        }
        return TestAttempt(
            status: status,
            statusReason: status == .skipped ? issues.first { $0.kind == .skip }?.message : nil,
            duration: XcodeDuration.seconds(node), issues: issues)
    }

    private func children(of node: JSONValue) -> [JSONValue] { node["children"]?.array ?? [] }
    private func kind(_ node: JSONValue) -> String? { node["nodeType"]?.string }
}
