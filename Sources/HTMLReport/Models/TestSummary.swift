import ResultModel

/// What the index and list pages keep of each test after its own page is written: a few short strings.
struct TestSummary {
    var name: String
    var groupKey: String
    var status: TestStatus
    var duration: Double?
    /// `tests/<name>-<hash>.html` when the test has a page of its own.
    var pagePath: String?
    /// The markup of the row's detail cell when the test's whole story fits in its row (see ``RowDetail``).
    var detail: OutputBuffer?
    /// The hash naming the test's page and its row's anchor (``ReportPaths/anchor(hash:)``).
    var anchorHash: UInt64
    /// The page of the all-tests list holding the test's row.
    var listPage: Int
    /// The page of the failed or skipped list holding the test's story, when it failed or was skipped
    /// (``ListPages/NextPages/statusListPage(for:)``).
    var statusListPage = 1
    var failureMessage: String?
    var failureLocation: String?
    /// The history's label (`new failure`, `failing for 5 runs since abc1234`, `flaky: …`), for failing tests
    /// of a report with a history.
    var historyLabel: String? = nil
    /// The newest results from the history as a small strip (``HistoryHTML/miniStrip(_:)``), for tests whose recent
    /// record is not all passing.
    var historyStripHTML: String? = nil
    /// The stable id of the failure's cause (``FailureCauses``), for a failed test whose cause is kept.
    var causeID: String? = nil

    /// Whether the test has a page of its own.
    var hasPage: Bool { pagePath != nil }

    /// The id of the test's row in the list pages.
    var anchor: String { ReportPaths.anchor(hash: anchorHash) }

    /// Where links to the test lead, from the report's root (``OutputBuffer/appendHref(_:links:)``).
    func href(_ links: LinkStyle) -> String {
        var buffer = OutputBuffer(capacity: 48)
        buffer.appendHref(self, links: links)
        return buffer.string
    }

    /// The page of the failed or skipped list showing the test's story, when it failed or was skipped.
    var statusListPlace: ListPage? {
        if status.isFailure { return ListPage(list: .failed, number: statusListPage) }
        if status == .skipped { return ListPage(list: .skipped, number: statusListPage) }
        return nil
    }

    /// `run › module › suite`, the heading tests are grouped under.
    static func groupKey(_ test: TestRecord, runName: String?) -> String {
        var parts: [String] = []
        if let runName { parts.append(runName) }
        parts.append(test.identity.module ?? "(no module)")
        parts.append(test.identity.suites.isEmpty ? "(no suite)" : test.identity.suites.joined(separator: "."))
        return parts.joined(separator: " › ")
    }
}

extension OutputBuffer {
    /// Appends where links to `test` lead, from the report's root, in the style `links`: its page (`tests/….html`),
    /// or the row that shows its story: in the failed or skipped list (`failed.html#t-…`, `failed-N.html` past the
    /// first page) when it failed or was skipped, in the all-tests list (`all-N.html#t-…`) otherwise.
    /// Only our own sanitized names, so it needs no escaping.
    mutating func appendHref(_ test: TestSummary, links: LinkStyle) {
        if let page = test.pagePath {
            switch links {
            case .files: appendTrusted(page)
            case .singleFile:
                append("#")
                appendTrusted(LinkStyle.sectionID(ofPage: page))
            }
        } else {
            let page = test.statusListPlace ?? ListPage(list: .all, number: test.listPage)
            appendHref(toRow: test.anchorHash, on: page, from: "", links: links)
        }
    }
}
