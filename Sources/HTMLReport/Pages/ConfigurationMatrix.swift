import ResultModel
import ResultSupport

/// The configuration matrix (Xcode's view of a test plan with several configurations): when a report holds runs of
/// several configurations (runs with different names; shards of one configuration share its name), each test is
/// listed once with a status cell per configuration. The index gets each configuration's counts and the tests that
/// fail on some configurations but not on others; `matrix.html` lists the tests.
struct ConfigurationMatrix {
    /// The most tests the matrix page lists (those that differ between configurations come first).
    static let pageLimit = 5000

    struct Row {
        var name: String
        var href: String
        var statuses: [TestStatus?]

        /// Fails on some configurations and passes on others.
        var isInconsistent: Bool {
            let known = statuses.compactMap { $0 }
            return known.contains { $0.isFailure } && known.contains { $0.isPass }
        }
    }

    let configurations: [String]
    /// How the matrix's tests and the index's summary link.
    let links: LinkStyle
    private(set) var totals: [ResultTotals]
    private var rows: [Row] = []
    private var positions: [String: Int] = [:]

    init(configurations: [String], links: LinkStyle = .files) {
        self.configurations = configurations
        self.links = links
        totals = Array(repeating: ResultTotals(), count: configurations.count)
    }

    /// The configuration of a run: its name, or `run N`.
    static func configuration(of run: RunResult) -> String { run.record.name ?? "run \(run.index + 1)" }

    mutating func add(_ test: TestRecord, summary: TestSummary, configuration: String) {
        guard let column = configurations.firstIndex(of: configuration) else { return }
        totals[column].add(test)
        let key = test.id
        if let index = positions[key] {
            rows[index].statuses[column] = test.status
        } else {
            positions[key] = rows.count
            var statuses = [TestStatus?](repeating: nil, count: configurations.count)
            statuses[column] = test.status
            rows.append(Row(name: DisplayText.clean(test.id), href: summary.href(links), statuses: statuses))
        }
    }

    /// The tests that fail on some configurations but not on others.
    var inconsistent: [Row] { rows.filter(\.isInconsistent) }

    /// The index's summary: counts per configuration, and a line about the inconsistent tests.
    func indexHTML() -> String {
        var html = OutputBuffer(capacity: 1024)
        html.append("<table class=\"matrix-counts\"><thead><tr><th scope=\"col\">Configuration</th>")
        html.append("<th scope=\"col\">Tests</th><th scope=\"col\">Passed</th><th scope=\"col\">Failed</th>")
        html.append("<th scope=\"col\">Skipped</th></tr></thead><tbody>")
        for (index, name) in configurations.enumerated() {
            let counts = totals[index]
            html.append("<tr><th scope=\"row\">")
            html.appendEscapedHTML(DisplayText.clean(name))
            html.appendTrusted(
                "</th><td class=\"num\">\(counts.tests)</td><td class=\"num\">\(counts.passed)</td>"
                    + "<td class=\"num\">\(counts.failed)</td><td class=\"num\">\(counts.skipped)</td></tr>")
        }
        html.append("</tbody></table>")
        let differing = inconsistent
        let page = links.href(toPage: "matrix.html")
        html.appendTrusted(
            "<p><a href=\"\(page)\">\(differing.count) test\(differing.count == 1 ? "" : "s") fail on some "
                + "configurations but not on others</a> · <a href=\"\(page)\">every test by configuration</a></p>")
        if !differing.isEmpty {
            html.append("<ul class=\"inconsistent\">")
            for row in differing.prefix(20) {
                html.append("<li><a href=\"")
                html.appendEscapedHTML(row.href)
                html.append("\">")
                html.appendEscapedHTML(row.name)
                html.append("</a></li>")
            }
            html.append("</ul>")
        }
        return html.string
    }

    /// The matrix page's table: the inconsistent tests first, then the others, up to ``pageLimit``.
    func tableHTML() -> String {
        var html = OutputBuffer(capacity: 64 * 1024)
        html.append("<table class=\"matrix\"><thead><tr><th scope=\"col\">Test</th>")
        for name in configurations {
            html.append("<th scope=\"col\">")
            html.appendEscapedHTML(DisplayText.clean(name))
            html.append("</th>")
        }
        html.append("</tr></thead><tbody>")
        let ordered = rows.filter(\.isInconsistent) + rows.filter { !$0.isInconsistent }
        for row in ordered.prefix(Self.pageLimit) {
            html.append(row.isInconsistent ? "<tr class=\"inconsistent\"><td><a href=\"" : "<tr><td><a href=\"")
            html.appendEscapedHTML(row.href)
            html.append("\">")
            html.appendEscapedHTML(row.name)
            html.append("</a></td>")
            for status in row.statuses {
                let name = status?.rawValue ?? "absent"
                let words = status.map(ReportFormatting.statusWords) ?? "absent"
                html.appendTrusted("<td class=\"s-\(name)\">\(Self.icon(status)) \(words)</td>")
            }
            html.append("</tr>")
        }
        html.append("</tbody></table>")
        if ordered.count > Self.pageLimit {
            html.appendTrusted("<p>\(ordered.count - Self.pageLimit) more tests are in the per-run lists.</p>")
        }
        return html.string
    }

    /// A status as a symbol beside its word (never color alone): the symbols the stylesheet draws before every other
    /// status word of the report (`.st.s-…::before`), so a status looks the same on every page.
    static func icon(_ status: TestStatus?) -> String {
        guard let status else { return "·" }
        switch status {
        case .passed: return "✓"
        case .failed: return "✗"
        case .skipped: return "⊘"
        case .expectedFailure: return "≈"
        case .crashed: return "↯"
        case .timedOut: return "◷"
        case .interrupted: return "‖"
        case .warning: return "!"
        case .unknown: return "?"
        }
    }
}
