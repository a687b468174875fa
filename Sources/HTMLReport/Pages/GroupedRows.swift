/// The rows of one list page, grouped by module and suite in the order tests arrive. Rows are kept in a
/// ``RowSpill`` as they are built (a group's rows in pieces of up to 64 KiB), so a list of any length costs a title
/// and a few references per group in memory.
struct GroupedRows {
    private(set) var titles: [String] = []
    /// Where each group's rows are, in order.
    private(set) var pieces: [[RowSpill.Piece]] = []
    /// Rows of the last group not yet spilled.
    private var pending = OutputBuffer()
    /// The number of rows so far.
    private(set) var count = 0

    /// The bytes of rows held in memory (not yet spilled): under 64 KiB after each ``add(_:spill:)``.
    var heldBytes: Int { pending.count }

    /// Whether no row was added.
    var isEmpty: Bool { count == 0 }

    /// Adds the row of `test` in `list`, its links in the style `links`, opening a new group when its group key
    /// differs from the previous row's.
    mutating func add(
        _ test: TestSummary, list: ListPageRows.List = .allTests, links: LinkStyle = .files, spill: RowSpill
    ) throws {
        if titles.last != test.groupKey {
            try flush(spill)
            titles.append(test.groupKey)
            pieces.append([])
        }
        ListPageRows.appendRow(test, root: "", list: list, links: links, to: &pending)
        count += 1
        if pending.count >= 64 << 10 { try flush(spill) }
    }

    /// Spills the rows not yet spilled; call before reading ``pieces``.
    mutating func flush(_ spill: RowSpill) throws {
        guard !pending.isEmpty, !pieces.isEmpty else { return }
        let piece = try pending.bytes.withUnsafeBytes { try spill.append($0) }
        pieces[pieces.count - 1].append(piece)
        pending.removeAll()
    }

    /// Spills the rows not yet spilled and lets go of the buffer that gathered them: a full page keeps only its
    /// titles and pieces, so a run of 10,000 pages does not keep 10,000 buffers' room.
    mutating func close(_ spill: RowSpill) throws {
        try flush(spill)
        pending = OutputBuffer()
    }
}

extension GroupedRows {
    /// A page whose groups were built elsewhere (``CauseGroupedRows``) and are already spilled.
    init(titles: [String], pieces: [[RowSpill.Piece]], count: Int) {
        self.titles = titles
        self.pieces = pieces
        self.count = count
    }

    /// The same rows with their groups reordered and retitled: `order` lists each group's index and new title.
    func regrouped(_ order: [(index: Int, title: String)]) -> GroupedRows {
        GroupedRows(titles: order.map(\.title), pieces: order.map { pieces[$0.index] }, count: count)
    }
}
