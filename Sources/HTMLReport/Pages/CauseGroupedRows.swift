/// The rows of one page of the failed list, grouped by their failure's cause (``FailureCauses``) rather than by
/// suite: a cause's tests one after another, each row naming its suite. Tests arrive in suite order, so a page's
/// groups are only known when the page is full; its rows are held until then (a page is at most
/// ``ReportOptions/testsPerStatusListPage`` rows) and then spilled, one group per cause, titled by cause id. The
/// titles become the causes' messages, largest cause first, when the page is written (``ListPages``).
struct CauseGroupedRows {
    /// The cause ids in the order first met on the page; `""` for failures without a kept cause.
    private var causeIDs: [String] = []
    private var rows: [OutputBuffer] = []
    private var positions: [String: Int] = [:]
    /// What the page's ids start with (``LinkStyle/idPrefix(ofPage:)``).
    private let idPrefix: String
    private(set) var count = 0

    init(idPrefix: String) { self.idPrefix = idPrefix }

    /// Adds the row of `test`, naming its suite, under its cause.
    mutating func add(_ test: TestSummary, links: LinkStyle) {
        let cause = test.causeID ?? ""
        let position: Int
        if let known = positions[cause] {
            position = known
        } else {
            position = rows.count
            positions[cause] = position
            causeIDs.append(cause)
            var opening = OutputBuffer()
            // The group's anchor, so the index can link to a cause's tests: an explicit body of the group's table.
            if !cause.isEmpty {
                opening.append("<tbody id=")
                opening.appendTrusted(idPrefix + FailureCauses.anchor(cause))
                opening.append(">")
            }
            rows.append(opening)
        }
        ListPageRows.appendRow(test, root: "", list: .byStatus, links: links, namesPlace: true, to: &rows[position])
        count += 1
    }

    /// Writes the page's groups to `spill`, titled by cause id.
    func spilled(_ spill: RowSpill) throws -> GroupedRows {
        var pieces: [[RowSpill.Piece]] = []
        for group in rows {
            pieces.append([try group.bytes.withUnsafeBytes { try spill.append($0) }])
        }
        return GroupedRows(titles: causeIDs, pieces: pieces, count: count)
    }
}
