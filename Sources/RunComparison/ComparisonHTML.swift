import Foundation
import ResultSupport

/// The comparison as the content of one HTML page, static, with no script: counts, then a table per non-empty
/// bucket. Every name and message is escaped. The caller puts it in the report's page shell (`PageShell`), under
/// ``contentSecurityPolicy``.
public enum ComparisonHTML {
    /// The Content-Security-Policy of the page: its stylesheet only.
    public static let contentSecurityPolicy =
        "default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'"

    /// The page's content, headed `title`: counts, HEAD's failure causes (``CauseComparisonHTML``), then a table
    /// per non-empty bucket. `testHref` gives where a test's name links, by its key and configuration (its page in
    /// HEAD's report), or `nil` for a name without a link.
    public static func body(
        _ comparison: Comparison, title: String,
        testHref: (_ test: String, _ configuration: String?) -> String? = { _, _ in nil }
    ) -> String {
        var html = """
            <h1>\(HTMLEscaping.escape(title))</h1>
            <p>BASE: \(ComparisonText.count(comparison, base: true)) · HEAD: \(ComparisonText.count(comparison, base: false)) \
            · a duration change counts \
            beyond \(ComparisonText.duration(comparison.thresholds.seconds)) and \
            \(String(format: "%g", comparison.thresholds.percent))%</p>

            """
        html += "<table class=\"counts\"><tbody>"
        for bucket in Comparison.bucketNames {
            let count = comparison.total(bucket.keyPath)
            let link = count > 0 ? "<a href=\"#\(bucket.key)\">\(bucket.label)</a>" : bucket.label
            html += "<tr><th scope=\"row\">\(link)</th><td class=\"num\">\(NumberText.count(count))</td></tr>"
        }
        html += "</tbody></table>\n"
        html += CauseComparisonHTML.section(comparison.causes) { testHref($0, nil) }
        html += CoverageComparisonHTML.section(comparison.coverage)
        for bucket in Comparison.bucketNames {
            let entries = comparison.buckets[keyPath: bucket.keyPath]
            let total = comparison.total(bucket.keyPath)
            guard total > 0 else { continue }
            html += "<section aria-labelledby=\"\(bucket.key)\"><h2 id=\"\(bucket.key)\">\(bucket.label) "
            html +=
                "(\(NumberText.count(total)))</h2>\n<table class=\"compare\"><thead><tr><th scope=\"col\">Test</th>"
            html +=
                "<th scope=\"col\">BASE</th><th scope=\"col\">HEAD</th><th scope=\"col\">Detail</th></tr></thead><tbody>"
            for entry in entries.prefix(10_000) {
                let base = entry.baseStatus?.rawValue ?? "absent"
                let head = entry.headStatus?.rawValue ?? "absent"
                let name = HTMLEscaping.escape(DisplayText.clean(ComparisonText.name(entry)))
                if let href = testHref(entry.test, entry.configuration) {
                    html += "<tr><td><a href=\"\(HTMLEscaping.escape(href))\">\(name)</a></td>"
                } else {
                    html += "<tr><td>\(name)</td>"
                }
                let baseWords = entry.baseStatus?.words ?? "absent"
                let headWords = entry.headStatus?.words ?? "absent"
                html +=
                    "<td class=\"status s-\(base)\">\(baseWords) \(ComparisonText.duration(entry.baseDuration))</td>"
                html +=
                    "<td class=\"status s-\(head)\">\(headWords) \(ComparisonText.duration(entry.headDuration))</td>"
                html +=
                    "<td>\(HTMLEscaping.escape(DisplayText.clean(ComparisonText.detail(entry, bucket: bucket.key))))"
                html += "</td></tr>"
            }
            html += "</tbody></table>"
            if total > 10_000 {
                html += "<p>… and \(NumberText.count(total - 10_000)) more (see the JSON).</p>"
            }
            html += "</section>\n"
        }
        return html
    }

    /// What the page's header shows (the report's header, its counts linking to this page's sections): a verdict
    /// on the new failures, then each non-empty bucket with the status class its icon comes from.
    public static func header(_ comparison: Comparison) -> (
        verdict: String, verdictStatus: String, counts: [(label: String, value: Int, status: String, href: String)]
    ) {
        let statuses = [
            "newFailures": "failed", "stillFailing": "failed", "flaky": "unknown", "fixed": "passed",
            "newlySkipped": "skipped",
        ]
        let counts = Comparison.bucketNames.compactMap { bucket -> (String, Int, String, String)? in
            let count = comparison.total(bucket.keyPath)
            guard count > 0 else { return nil }
            return (bucket.label.lowercased(), count, statuses[bucket.key] ?? "all", "#\(bucket.key)")
        }
        let new = comparison.total(\.newFailures)
        return (
            new == 0 ? "No new failures" : "\(new) new failure\(new == 1 ? "" : "s")", new == 0 ? "passed" : "failed",
            counts
        )
    }
}
