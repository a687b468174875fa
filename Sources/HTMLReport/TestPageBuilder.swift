import Foundation
import ResultModel
import ResultSupport

/// Builds a test page's view model, exporting the test's attachments into the report folder on the way.
struct TestPageBuilder {
    let source: any ResultSource
    let files: ReportFileWriter
    /// How each run's source locations are shown, by run index (``SourceDisplay/plain`` for others).
    let displays: [Int: SourceDisplay]
    let runName: String?
    /// The run history, when the report has one.
    var history: ReportHistory?
    /// Longest console output shown on the page; the full output is linked as a file beyond it.
    var outputDisplayLimit = 512 << 10
    /// How much of the end of a longer output is shown after the first ``outputDisplayLimit`` bytes.
    var outputTailLimit = 64 << 10
    /// Largest attachment exported into the report.
    var attachmentExportLimit = 64 << 20

    func model(for test: TestRecord, chrome: PageChrome, listHref: String) throws -> TestPageModel {
        let display = displays[test.runIndex] ?? .plain
        var crumbs = [LinkModel(label: "Overview", href: "../index.html")]
        if let runName { crumbs.append(LinkModel(label: runName, href: "../index.html")) }
        if let module = test.identity.module {
            crumbs.append(LinkModel(label: DisplayText.clean(module), href: listHref))
        }
        for suite in test.identity.suites { crumbs.append(LinkModel(label: DisplayText.clean(suite), href: listHref)) }
        let attempts = try test.attempts.enumerated().map { index, attempt in
            try attemptModel(attempt, number: index + 1, of: test.attempts.count, display: display)
        }
        let cases = test.cases.prefix(10_000).map { testCase in
            CaseModel(
                arguments: DisplayText.clean(testCase.arguments), status: testCase.status.rawValue,
                issuesHTML: IssueHTML.list(testCase.attempts.last?.issues ?? [], display: display).string)
        }
        let properties = test.properties.prefix(1000).map {
            FactModel(label: DisplayText.clean($0.name), value: DisplayText.clean($0.value))
        }
        return TestPageModel(
            chrome: chrome,
            breadcrumbs: crumbs,
            name: DisplayText.clean(test.identity.name),
            displayName: DisplayText.clean(test.displayName),
            status: test.status.rawValue,
            duration: ReportFormatting.duration(test.duration),
            locationHTML: test.location.map(display.html),
            cases: Array(cases),
            hasCases: !cases.isEmpty,
            properties: Array(properties),
            hasProperties: !properties.isEmpty,
            historyHTML: history?.trend(test.id).map(HistoryHTML.strip),
            attempts: attempts
        )
    }

    private func attemptModel(_ attempt: TestAttempt, number: Int, of count: Int, display: SourceDisplay) throws
        -> AttemptModel
    {
        let issues = IssueHTML.list(attempt.issues, display: display) { display.excerptHTML($0.location) }
        let attachments = try attempt.allAttachments.prefix(1000).map(attachmentModel)
        let measurements = attempt.measurements.prefix(100).map(measurementModel)
        let activities = ActivityTreeHTML.render(
            attempt.activities, testStart: attempt.start, testDuration: attempt.duration, display: display)
        return AttemptModel(
            label: count > 1 ? "Attempt \(number) of \(count)" : "Result",
            showLabel: count > 1,
            status: attempt.status.rawValue,
            duration: ReportFormatting.duration(attempt.duration),
            reason: DisplayText.clean(attempt.statusReason),
            issuesHTML: issues.isEmpty ? nil : issues.string,
            activitiesHTML: activities.isEmpty ? nil : activities,
            outputHTML: try outputHTML(attempt.output),
            attachments: Array(attachments),
            hasAttachments: !attachments.isEmpty,
            measurements: Array(measurements),
            hasMeasurements: !measurements.isEmpty
        )
    }

    private func outputHTML(_ output: CapturedOutput?) throws -> String? {
        guard let output else { return nil }
        var text: String
        if let inline = output.text {
            text = inline
        } else if let blob = output.blob {
            // Streamed: an output of any size costs only what is shown. The whole of a longer one is linked as a
            // file when it can be held (up to the reader's in-memory limit), else its start and end are shown.
            let excerpt = try source.blobExcerpt(blob, headBytes: outputDisplayLimit, tailBytes: outputTailLimit)
            text = excerpt.text
            if !excerpt.isWhole, let data = try? source.blobData(blob) {
                let path = ReportPaths.attachment(name: "output.log", sha256: blob.sha256)
                if !files.exists(path) { try files.write(data, to: path) }
                text += "\n[output cut at \(outputDisplayLimit) bytes; the whole output is in \(path)]"
            }
        } else {
            return nil
        }
        return text.isEmpty ? nil : ANSIToHTML.render(text)
    }

    private func attachmentModel(_ attachment: AttachmentRecord) throws -> AttachmentModel {
        let path = ReportPaths.attachment(
            name: attachment.name, sha256: attachment.blob.sha256, mediaType: attachment.mediaType)
        var data: Data?
        if attachment.size <= attachmentExportLimit {
            data = try? source.blobData(attachment.blob)
            if let data, !files.exists(path) { try files.write(data, to: path) }
        }
        let inlineImageTypes: Set<String> = ["image/png", "image/jpeg", "image/gif", "image/webp"]
        var preview: String?
        var snapshot: String?
        if attachment.kind == .terminalSnapshot, let data,
            let decoded = try? JSONDecoder().decode(TerminalSnapshot.self, from: data)
        {
            snapshot = TerminalSnapshotHTML.render(decoded, label: "Terminal snapshot: \(attachment.name)")
        } else if attachment.kind == .text || attachment.mediaType.hasPrefix("text/"), let data {
            preview = DisplayText.clean(String(decoding: data.prefix(8192), as: UTF8.self))
        }
        return AttachmentModel(
            name: DisplayText.clean(attachment.name),
            mediaType: DisplayText.clean(attachment.mediaType),
            size: ReportFormatting.size(attachment.size),
            href: "../" + path,
            isImage: inlineImageTypes.contains(attachment.mediaType.lowercased()) && data != nil,
            previewText: preview,
            snapshotHTML: snapshot
        )
    }

    private func measurementModel(_ measurement: MeasurementRecord) -> MeasurementModel {
        let verdict = measurement.verdict
        var stats = [
            FactModel(label: "Values", value: "\(measurement.values.count)"),
            FactModel(label: "Average", value: ReportFormatting.number(measurement.average)),
            FactModel(label: "Standard deviation", value: ReportFormatting.number(measurement.standardDeviation)),
            FactModel(
                label: "Relative standard deviation",
                value: String(format: "%.3f%%", measurement.relativeStandardDeviation)),
            FactModel(label: "Minimum", value: measurement.minimum.map(ReportFormatting.number) ?? "-"),
            FactModel(label: "Maximum", value: measurement.maximum.map(ReportFormatting.number) ?? "-"),
        ]
        if let baseline = measurement.baselineAverage {
            stats.append(FactModel(label: "Baseline", value: ReportFormatting.number(baseline)))
            if let percent = measurement.percentRegression {
                stats.append(FactModel(label: "Change against baseline", value: String(format: "%+.2f%%", percent)))
            }
        }
        stats.append(
            FactModel(
                label: "Allowed relative deviation",
                value: String(format: "%.1f%%", measurement.maxPercentRelativeStandardDeviation)))
        return MeasurementModel(
            name: DisplayText.clean(measurement.name),
            unit: DisplayText.clean(measurement.unit),
            chartHTML: MeasurementChart.render(measurement),
            stats: stats,
            verdictText: "XCTest: " + verdict.reason
                + (measurement.statisticsSummary.map { " · " + $0 } ?? ""),
            verdictClass: verdict.isFailure ? "verdict-fail" : "verdict-pass"
        )
    }
}
