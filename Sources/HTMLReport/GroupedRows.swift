/// The rows of one list page as they arrive, grouped: consecutive tests with the same group key share a group
/// (a heading and a table). Rows are kept as bytes until the page is rendered.
struct GroupedRows {
    private var titles: [String] = []
    private var rows: [OutputBuffer] = []
    /// The number of rows so far.
    private(set) var count = 0

    /// Whether no row was added.
    var isEmpty: Bool { count == 0 }

    /// Adds the row of `test`, opening a new group when its group key differs from the previous row's.
    mutating func add(_ test: TestSummary) {
        if titles.last != test.groupKey {
            titles.append(test.groupKey)
            rows.append(OutputBuffer())
        }
        ListPageRows.appendRow(test, root: "", to: &rows[rows.count - 1])
        count += 1
    }

    /// The groups for `list.mustache`.
    var models: [GroupModel] {
        zip(titles, rows).map { GroupModel(title: $0, rowsHTML: $1.string) }
    }
}
