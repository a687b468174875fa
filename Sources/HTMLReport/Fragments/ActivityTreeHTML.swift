import ResultModel
import ResultSupport

/// Draws a test's activities as a nested, collapsible tree (`<details>`), each step with its status, duration
/// and a bar showing where in the test's time it ran and how long it took. Each step has a stable id to link to,
/// from its position in the tree: `<idPrefix>step-2-1` is the first child of the second top-level step. A step's
/// attachment links to its item on the page (`attachmentIDs`: the gallery's image, a preview) when it has one, else
/// to where `attachmentHref` says its file is (its name alone when nowhere: the single file holds only the
/// attachments the page shows).
enum ActivityTreeHTML {
    static func render(
        _ activities: [ActivityRecord], testStart: Double?, testDuration: Double?, display: SourceDisplay = .plain,
        idPrefix: String = "", attachmentIDs: [AttachmentRecord: String] = [:],
        attachmentHref: (AttachmentRecord) -> String? = exportedFile
    ) -> String {
        guard !activities.isEmpty else { return "" }
        let start = testStart ?? activities.compactMap(\.start).min()
        let ends = activities.compactMap { activity in activity.start.map { $0 + (activity.duration ?? 0) } }
        var total = testDuration ?? 0
        if let start, let end = ends.max() { total = max(total, end - start) }
        var html = "<ul class=\"activities\">"
        for (index, activity) in activities.prefix(2000).enumerated() {
            html += item(
                activity, id: "\(idPrefix)step-\(index + 1)", origin: start, total: total, depth: 0, display: display,
                attachmentIDs: attachmentIDs, attachmentHref: attachmentHref)
        }
        return html + "</ul>"
    }

    /// Where an attachment's file is in the report folder, from a test page.
    static func exportedFile(_ attachment: AttachmentRecord) -> String? {
        "../"
            + ReportPaths.attachment(
                name: attachment.name, sha256: attachment.blob.sha256, mediaType: attachment.mediaType)
    }

    private static func item(
        _ activity: ActivityRecord, id: String, origin: Double?, total: Double, depth: Int, display: SourceDisplay,
        attachmentIDs: [AttachmentRecord: String], attachmentHref: (AttachmentRecord) -> String?
    ) -> String {
        let status = activity.status.rawValue
        var line = "<span class=\"title\">\(HTMLEscaping.escape(DisplayText.clean(activity.title)))</span>"
        line += "<span class=\"badge st s-\(status)\">\(status)</span>"
        line += "<span class=\"num\">\(ReportFormatting.duration(activity.duration))</span>"
        line += bar(activity, origin: origin, total: total)
        var extras = ""
        var issues = OutputBuffer()
        for issue in activity.issues.prefix(100) { IssueHTML.appendItem(issue, display: display, to: &issues) }
        extras += issues.string
        for attachment in activity.attachments.prefix(100) {
            let name = HTMLEscaping.escape(attachment.name)
            if let href = attachmentIDs[attachment].map({ "#" + $0 }) ?? attachmentHref(attachment) {
                extras += "<li class=\"attachment\">attachment: <a href=\"\(href)\">\(name)</a></li>"
            } else {
                extras += "<li class=\"attachment\">attachment: \(name)</li>"
            }
        }
        let children =
            depth < 32
            ? activity.children.prefix(2000).enumerated().map { index, child in
                item(
                    child, id: "\(id)-\(index + 1)", origin: origin, total: total, depth: depth + 1, display: display,
                    attachmentIDs: attachmentIDs, attachmentHref: attachmentHref)
            }.joined()
            : ""
        if extras.isEmpty && children.isEmpty {
            return "<li class=\"activity\" id=\"\(id)\"><div class=\"leaf\">\(line)</div></li>"
        }
        return
            "<li class=\"activity\" id=\"\(id)\"><details open><summary>\(line)</summary><ul>\(extras)\(children)</ul>"
            + "</details></li>"
    }

    private static func bar(_ activity: ActivityRecord, origin: Double?, total: Double) -> String {
        guard total > 0, let duration = activity.duration else {
            return "<span class=\"bar\" aria-hidden=\"true\"></span>"
        }
        let offset = (activity.start.flatMap { start in origin.map { start - $0 } } ?? 0) / total
        let width = duration / total
        let left = Int((min(1, max(0, offset)) * 160).rounded())
        let span = max(1, Int((min(1, max(0, width)) * 160).rounded()))
        return
            "<svg class=\"bar\" width=\"160\" height=\"8\" aria-hidden=\"true\"><rect width=\"160\" height=\"8\" rx=\"4\" fill=\"#8884\"/>"
            + "<rect x=\"\(left)\" width=\"\(min(span, 160 - left))\" height=\"8\" rx=\"4\" fill=\"#2a7ab8\"/></svg>"
    }
}
