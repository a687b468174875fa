import Foundation
import ResultModel
import ResultSupport

/// Builds a test page's view model, exporting the test's attachments into the report folder on the way (or, for the
/// single file, holding them as `data:` URLs).
struct TestPageBuilder {
    let source: any ResultSource
    /// The report folder that attachments are exported into; `nil` for the single file.
    let files: ReportFileWriter?
    /// How the page links.
    let links: LinkStyle
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

    /// The view model of `test`'s page, written at `pagePath` (`tests/….html`, from the report's root).
    func model(for test: TestRecord, chrome: PageChrome, listHref: String, pagePath: String) throws -> TestPageModel {
        let display = displays[test.runIndex] ?? .plain
        let idPrefix = links.idPrefix(ofPage: pagePath)
        let overview = links.href(toPage: "index.html", from: "../")
        var crumbs = [LinkModel(label: "Overview", href: overview)]
        if let runName { crumbs.append(LinkModel(label: runName, href: overview)) }
        if let module = test.identity.module {
            crumbs.append(LinkModel(label: DisplayText.clean(module), href: listHref))
        }
        for suite in test.identity.suites { crumbs.append(LinkModel(label: DisplayText.clean(suite), href: listHref)) }
        let attempts = try test.attempts.enumerated().map { index, attempt in
            try attemptModel(
                attempt, number: index + 1, of: test.attempts.count, display: display, idPrefix: idPrefix)
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
            attempts: attempts,
            selfHref: links == .files
                ? String(pagePath.split(separator: "/").last ?? "") : links.href(toPage: pagePath),
            permalink: links.href(toPage: pagePath),
            timelineHTML: AttemptTimelineHTML.render(test.attempts, idPrefix: idPrefix),
            idPrefix: idPrefix
        )
    }

    private func attemptModel(
        _ attempt: TestAttempt, number: Int, of count: Int, display: SourceDisplay, idPrefix: String
    ) throws -> AttemptModel {
        let issues = IssueHTML.list(attempt.issues, display: display) { display.excerptHTML($0.location) }
        let shown = attempt.allAttachments.prefix(1000)
        let attachments = try shown.enumerated().map { index, attachment in
            try attachmentModel(attachment, id: "\(idPrefix)attempt-\(number)-attachment-\(index + 1)")
        }
        // A step's attachment links to its item on the page (the first, when the same one is attached twice).
        let attachmentIDs = Dictionary(zip(shown, attachments.map(\.id)), uniquingKeysWith: { first, _ in first })
        let images = attachments.filter(\.isImage)
        let files = attachments.filter { !$0.isImage }
        let measurements = attempt.measurements.prefix(100).map(measurementModel)
        let activities = ActivityTreeHTML.render(
            attempt.activities, testStart: attempt.start, testDuration: attempt.duration, display: display,
            idPrefix: "\(idPrefix)attempt-\(number)-", attachmentIDs: attachmentIDs,
            attachmentHref: links == .files ? ActivityTreeHTML.exportedFile : { _ in nil })
        return AttemptModel(
            number: number,
            label: count > 1 ? "Attempt \(number) of \(count)" : "Result",
            showLabel: count > 1,
            status: attempt.status.rawValue,
            duration: ReportFormatting.duration(attempt.duration),
            reason: DisplayText.clean(attempt.statusReason),
            issuesHTML: issues.isEmpty ? nil : issues.string,
            activitiesHTML: activities.isEmpty ? nil : activities,
            outputHTML: try outputHTML(attempt.output),
            hasAttachments: !attachments.isEmpty,
            imageComparisons: Self.imageComparisons(images, idPrefix: "\(idPrefix)attempt-\(number)-"),
            images: images,
            hasImages: !images.isEmpty,
            files: files,
            hasFiles: !files.isEmpty,
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
            if !excerpt.isWhole, let files, let data = try? source.blobData(blob) {
                let path = ReportPaths.attachment(name: "output.log", sha256: blob.sha256)
                if !files.exists(path) { try files.write(data, to: path) }
                text += "\n[output cut at \(outputDisplayLimit) bytes; the whole output is in \(path)]"
            } else if !excerpt.isWhole, files == nil {
                // The single file holds no files beside it: the cut is said, not where the rest is.
                text += "\n[output cut at \(outputDisplayLimit) bytes]"
            }
        } else {
            return nil
        }
        text = AttachmentMarkerLines.removing(from: text)
        return text.isEmpty ? nil : ANSIToHTML.render(text)
    }
}
