import ResultModel

/// Writes one `<testcase>` in a flavor's element order.
struct TestCaseWriter {
    let flavor: JUnitFlavor
    var systemOut: SystemOutText

    /// Writes `test`, whose outcome is `outcome`, with `className` (clean, NUL-terminated) as its `classname`.
    /// A passing test without output costs three attributes and nothing else.
    func write(
        _ test: TestRecord, outcome: JUnitOutcome, className: UnsafePointer<CChar>, to writer: XMLStreamWriter
    ) throws {
        guard systemOut.runIndex == test.runIndex else {
            var forRun = self
            forRun.systemOut = systemOut.forRun(test.runIndex)
            return try forRun.write(test, outcome: outcome, className: className, to: writer)
        }
        try writer.start("testcase")
        try writer.attribute("name", test.identity.name)
        try writer.attribute("classname", cleanCString: className)
        try JUnitTime.withFormatted(test.durationInPlace) { try writer.attribute("time", cleanCString: $0) }
        if outcome != .passed || test.attempts.count > 1 { try writeResults(test, outcome: outcome, to: writer) }
        let describeRetries = flavor == .jenkins
        if systemOut.hasText(for: test, describeRetries: describeRetries) {
            let out = try systemOut.text(for: test, describeRetries: describeRetries)
            if !out.isEmpty { try writer.element("system-out", text: out) }
        }
        try writer.end()
    }

    /// Writes a passed test of one attempt without output: `name` and `className` are clean and NUL-terminated.
    func writePassed(
        name: UnsafePointer<CChar>, className: UnsafePointer<CChar>, duration: Double?, to writer: XMLStreamWriter
    ) throws {
        try writer.start("testcase")
        try writer.attribute("name", cleanCString: name)
        try writer.attribute("classname", cleanCString: className)
        try JUnitTime.withFormatted(duration) { try writer.attribute("time", cleanCString: $0) }
        try writer.end()
    }

    /// The failure, error, skipped and retry elements, in the flavor's order.
    private func writeResults(_ test: TestRecord, outcome: JUnitOutcome, to writer: XMLStreamWriter) throws {
        let final = test.finalAttempt
        let issues = ((final?.allIssues ?? []) + test.cases.flatMap { $0.attempts.last?.allIssues ?? [] })
        let failing = issues.filter { $0.kind.isFailure }
        let skip = issues.first { $0.kind == .skip }
        let reason = final?.statusReason ?? skip?.message ?? "skipped"
        // The skip's details (the text beside a `message`, as go-junit-report writes its `t.Skip` line) follow the
        // reason: in the text where the element has no attributes (Jenkins), as the text otherwise.
        let skipDetails = skip?.details
        switch flavor {
        case .jenkins:
            if outcome == .skipped {
                try writer.element("skipped", text: reason + (skipDetails.map { "\n" + $0 } ?? ""))
            }
            if outcome == .error { try problem("error", failing, test: test, writer) }
            if outcome == .failure { try problem("failure", failing, test: test, writer) }
        case .xunit:
            if outcome == .skipped { try skipped(reason: reason, details: skipDetails, writer) }
            if outcome == .error || outcome == .failure {
                try problem(outcome == .error ? "error" : "failure", failing, test: test, writer)
            }
            try retries(test, writer)
        case .surefire:
            if outcome == .failure { try problem("failure", failing, test: test, writer) }
            try retries(test, writer, failuresOnly: true)
            if outcome == .skipped { try skipped(reason: reason, details: skipDetails, writer) }
            if outcome == .error { try problem("error", failing, test: test, writer) }
            try retries(test, writer, errorsOnly: true)
        }
    }

    /// `<skipped message="reason">details</skipped>`.
    private func skipped(reason: String, details: String?, _ writer: XMLStreamWriter) throws {
        try writer.start("skipped")
        try writer.attribute("message", reason)
        if let details { try writer.text(details) }
        try writer.end()
    }

    private func problem(_ element: String, _ issues: [IssueRecord], test: TestRecord, _ writer: XMLStreamWriter) throws
    {
        // The element's message and type come from an issue of its own kind: an `<error>` from the error that
        // made it one, even when a failed assertion came first.
        let issues = element == "error" ? issues.filter(\.kind.isError) + issues.filter { !$0.kind.isError } : issues
        try writer.start(element)
        let first = issues.first
        try writer.attribute("message", first.map { String($0.message.prefix(1000)) } ?? "\(test.status.rawValue)")
        try writer.attribute("type", first.map(Self.type(of:)) ?? test.status.rawValue)
        try writer.text(body(issues, status: test.status, reason: test.finalAttempt?.statusReason))
        try writer.end()
    }

    /// The `type` attribute: the producer's own type when the issue came with one, else our kind.
    private static func type(of issue: IssueRecord) -> String { issue.type ?? issue.kind.rawValue }

    private func body(_ issues: [IssueRecord], status: TestStatus, reason: String?) -> String {
        if issues.isEmpty { return reason ?? status.rawValue }
        return issues.map { issue in
            var text = systemOut.describe(issue)
            if let details = issue.displayedDetails { text += "\n" + details }
            return text
        }.joined(separator: "\n\n")
    }

    /// Earlier attempts as flaky (the test passed in the end) or rerun (it still failed) elements.
    private func retries(
        _ test: TestRecord, _ writer: XMLStreamWriter, failuresOnly: Bool = false, errorsOnly: Bool = false
    ) throws {
        guard test.attempts.count > 1 else { return }
        let passedInTheEnd = test.finalAttempt?.status.isPass == true
        for attempt in test.attempts.dropLast() where attempt.status.isFailure {
            var failing = attempt.allIssues.filter { $0.kind.isFailure }
            let isError = failing.contains { $0.kind.isError }
            if isError { failing = failing.filter(\.kind.isError) + failing.filter { !$0.kind.isError } }
            if failuresOnly && isError { continue }
            if errorsOnly && !isError { continue }
            let name = (passedInTheEnd ? "flaky" : "rerun") + (isError ? "Error" : "Failure")
            try writer.start(name)
            try writer.attribute(
                "message", failing.first.map { String($0.message.prefix(1000)) } ?? attempt.status.rawValue)
            try writer.attribute("type", failing.first.map(Self.type(of:)) ?? attempt.status.rawValue)
            try writer.element("stackTrace", text: body(failing, status: attempt.status, reason: attempt.statusReason))
            try writer.end()
        }
    }
}
