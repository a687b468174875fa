import Foundation
import ResultModel
import ResultSupport

/// The plain text that goes in a test's `system-out`: its console output, its properties (no JUnit schema allows
/// `<properties>` in a `<testcase>`), then an outline of its activities,
/// its parameterized cases, earlier attempts, measurements, terminal snapshots, and `[[ATTACHMENT|path]]` lines.
struct SystemOutText {
    /// Where blobs are read; `nil` on a background thread, which never writes a test that
    /// ``readsSource(_:)``.
    let source: (any ResultSource)?
    let attachments: AttachmentExporter?
    var outputLimit = 1 << 20
    /// How much of the end of a longer output follows the first ``outputLimit`` bytes.
    var outputTailLimit = 64 << 10
    /// How each run's locations are shown (relative to its source root), by run index.
    var places: SourcePlaces = SourcePlaces()
    /// The run of the test being described.
    var runIndex = 0

    /// Whether ``text(for:describeRetries:)`` can have anything to say, decided without building text (most
    /// passing tests have nothing).
    func hasText(for test: TestRecord, describeRetries: Bool) -> Bool {
        guard !test.attempts.isEmpty else { return false }
        return test.finalAttemptHasDetails || !test.cases.isEmpty || (describeRetries && test.attempts.count > 1)
            || !test.properties.isEmpty
    }

    /// Whether the test's text reads a blob (its output or a terminal snapshot) or exports an attachment: things
    /// only the exporter's own thread does.
    static func readsSource(_ test: borrowing TestRecord) -> Bool {
        guard test.finalAttemptHasDetails, let last = test.attempts.indices.last else { return false }
        return test.attempts[last].output?.blob != nil || !test.attempts[last].allAttachments.isEmpty
    }

    func text(for test: TestRecord, describeRetries: Bool) throws -> String {
        var parts: [String] = []
        guard let attempt = test.finalAttempt else { return "" }
        if let output = try text(of: attempt.output) { parts.append(output) }
        if !test.properties.isEmpty {
            var lines = "Properties:\n"
            for property in test.properties {
                let value = property.value.split(separator: "\n", omittingEmptySubsequences: false)
                    .joined(separator: "\n    ")
                lines += "  \(property.name): \(value)\n"
            }
            parts.append(lines)
        }
        if !attempt.activities.isEmpty {
            var outline = "Activities:\n"
            for activity in attempt.activities { outline += describe(activity, depth: 1) }
            parts.append(outline)
        }
        if !test.cases.isEmpty {
            var lines = "Cases:\n"
            for testCase in test.cases {
                lines += "  [\(testCase.status.rawValue)] \(testCase.arguments)\n"
                for issue in testCase.attempts.last?.allIssues ?? [] { lines += "    \(describe(issue))\n" }
            }
            parts.append(lines)
        }
        if describeRetries && test.attempts.count > 1 {
            var lines = "Attempts:\n"
            for (index, earlier) in test.attempts.enumerated() {
                lines += "  \(index + 1). \(earlier.status.rawValue) in \(JUnitTime.format(earlier.duration))s\n"
                for issue in earlier.allIssues { lines += "     \(describe(issue))\n" }
            }
            parts.append(lines)
        }
        for measurement in attempt.measurements {
            let verdict = measurement.verdict
            var lines = "Measurement \(measurement.name) (\(measurement.unit)), \(measurement.metricID):\n"
            lines += "  values: " + measurement.values.map { String($0) }.joined(separator: ", ") + "\n"
            lines += String(
                format: "  average: %.6g, standard deviation: %.6g, relative standard deviation: %.3f%%\n",
                measurement.average, measurement.standardDeviation, measurement.relativeStandardDeviation)
            if let baseline = measurement.baselineAverage { lines += "  baseline: \(baseline)\n" }
            lines += "  verdict: \(verdict.outcome.rawValue): \(verdict.reason)\n"
            parts.append(lines)
        }
        for attachment in attempt.allAttachments {
            if attachment.kind == .terminalSnapshot, let source, let data = try? source.blobData(attachment.blob),
                let snapshot = try? JSONDecoder().decode(TerminalSnapshot.self, from: data)
            {
                parts.append(
                    "Terminal snapshot \(attachment.name) (\(snapshot.columns)x\(snapshot.rows)):\n\(snapshot.text)\n")
            }
            if let attachments, let path = try attachments.export(attachment) {
                parts.append("[[ATTACHMENT|\(path)]]")
            }
        }
        return parts.joined(separator: "\n")
    }

    /// The text of captured output: inline, or read from its blob (its first ``outputLimit`` and last
    /// ``outputTailLimit`` bytes, with a line saying how much is left out between them).
    func text(of output: CapturedOutput?) throws -> String? {
        guard let output else { return nil }
        if let text = output.text { return text }
        guard let blob = output.blob, let source else { return nil }
        // Streamed: an output of any size (up to the format's 1 GiB) costs only what is shown.
        let excerpt = try source.blobExcerpt(blob, headBytes: outputLimit, tailBytes: outputTailLimit)
        return excerpt.text
    }

    private func describe(_ activity: ActivityRecord, depth: Int) -> String {
        let indent = String(repeating: "  ", count: depth)
        var line =
            "\(indent)- \(activity.title) [\(activity.status.rawValue)] \(JUnitTime.format(activity.duration))s\n"
        for issue in activity.issues { line += "\(indent)    \(describe(issue))\n" }
        for attachment in activity.attachments { line += "\(indent)    attachment: \(attachment.name)\n" }
        if depth < 32 { for child in activity.children { line += describe(child, depth: depth + 1) } }
        return line
    }

    func describe(_ issue: IssueRecord) -> String {
        let place = issue.location.map { "\(places.shown($0, runIndex: runIndex).description): " } ?? ""
        return "\(place)\(issue.kind.rawValue): \(issue.message)"
    }

    /// This text for a test of run `runIndex`.
    func forRun(_ runIndex: Int) -> SystemOutText {
        var copy = self
        copy.runIndex = runIndex
        return copy
    }
}
