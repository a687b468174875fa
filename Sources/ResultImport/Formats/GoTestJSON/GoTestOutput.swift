import ResultModel

/// What a Go test's output says about its end: the `file_test.go:12: message` line `t.Error`, `t.Fatal` and
/// `t.Skip` print, or the `panic:` line of a test that panicked, with the place in the test's own code.
enum GoTestOutput {
    /// The issue of a failed test, from its output (the whole output as details).
    static func failure(in output: String, reason: String? = nil) -> IssueRecord {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        if let panic = lines.first(where: { $0.hasPrefix("panic: ") }) {
            let location = GoTraceReader.location(in: lines, className: nil)
            return IssueRecord(
                kind: .crash, message: String(panic.dropFirst("panic: ".count)), location: location,
                details: output.isEmpty ? nil : output, type: "panic")
        }
        if let (message, location) = firstMessage(in: lines) {
            return IssueRecord(kind: .assertion, message: message, location: location, details: output)
        }
        return IssueRecord(
            kind: .assertion, message: reason ?? "the test failed", details: output.isEmpty ? nil : output)
    }

    /// The reason a test gave for skipping (`t.Skip("needs a database")`), when its output has one.
    static func skipReason(in output: String) -> String? {
        firstMessage(in: output.split(separator: "\n"))?.message
    }

    /// The first `file.go:N: message` line and what it says.
    private static func firstMessage(in lines: [Substring]) -> (message: String, location: SourceLocation?)? {
        for line in lines {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard let marker = trimmed.range(of: ".go:") else { continue }
            let rest = trimmed[marker.upperBound...]
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            let after = rest.dropFirst(digits.count)
            guard !digits.isEmpty, after.hasPrefix(": ") || after == ":",
                !trimmed[..<marker.lowerBound].contains(" ")
            else { continue }
            let location = GoTraceReader.location(in: [trimmed], className: nil)
            let message = after.dropFirst(after.hasPrefix(": ") ? 2 : 1)
            return (message.isEmpty ? "the test failed" : String(message), location)
        }
        return nil
    }
}
