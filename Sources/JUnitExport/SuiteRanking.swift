import ResultModel
import ResultSupport

/// The suites the summary's "Suites" table shows, chosen as suites are handed to it one at a time, in any order:
/// the suites with failures first (most failed first, then by name), then the slowest of the others, at most
/// ``rowsShown`` in all, and how many there are. Bounded: it keeps ``rowsShown`` suites of each kind, whatever the
/// number of suites, and the choice does not depend on the order they come in.
struct SuiteRanking {
    /// The most rows the table shows.
    static let rowsShown = 20

    /// A suite as the table shows it.
    struct Row {
        var name: String
        /// The run's name, shown when the summary has several runs.
        var runName: String
        /// The run's place among the summary's runs: what orders rows of the same name.
        var runOrdinal: Int
        var place: SuitePlace
        var totals: ResultTotals
    }

    private(set) var suiteCount = 0
    private(set) var failing: [Row] = []
    private(set) var slowest: [Row] = []

    /// Whether a suite of these counts could enter the table; when it cannot, counts it among the suites, so that
    /// the caller need not name it nor ``add(_:runName:runOrdinal:)`` it. Most suites cannot enter a full list, and
    /// that is told from the counts alone.
    mutating func takes(_ totals: ResultTotals) -> Bool {
        if couldEnter(totals) { return true }
        suiteCount += 1
        return false
    }

    private func couldEnter(_ totals: ResultTotals) -> Bool {
        if totals.failed > 0 {
            return failing.count < Self.rowsShown || totals.failed >= failing[failing.count - 1].totals.failed
        }
        return slowest.count < Self.rowsShown || totals.duration >= slowest[slowest.count - 1].totals.duration
    }

    /// Adds a suite of the run named `runName`, the summary's `runOrdinal`th.
    mutating func add(_ suite: SuiteTotals, runName: String, runOrdinal: Int) {
        suiteCount += 1
        guard couldEnter(suite.totals) else { return }
        let row = Row(
            name: suite.place.name, runName: runName, runOrdinal: runOrdinal, place: suite.place, totals: suite.totals)
        if row.totals.failed > 0 {
            Self.keep(row, in: &failing, before: Self.moreFailed)
        } else {
            Self.keep(row, in: &slowest, before: Self.slower)
        }
    }

    /// The rows shown, in order.
    var rows: [Row] { Array((failing + slowest).prefix(Self.rowsShown)) }

    /// Inserts `row` in `rows`, kept sorted by `precedes` and at most ``rowsShown`` long.
    private static func keep(_ row: Row, in rows: inout [Row], before precedes: (Row, Row) -> Bool) {
        if rows.count == rowsShown, let last = rows.last, !precedes(row, last) { return }
        let position = rows.firstIndex { precedes(row, $0) } ?? rows.count
        rows.insert(row, at: position)
        if rows.count > rowsShown { rows.removeLast() }
    }

    private static func moreFailed(_ left: Row, _ right: Row) -> Bool {
        left.totals.failed != right.totals.failed ? left.totals.failed > right.totals.failed : byName(left, right)
    }

    private static func slower(_ left: Row, _ right: Row) -> Bool {
        left.totals.duration != right.totals.duration
            ? left.totals.duration > right.totals.duration : byName(left, right)
    }

    /// Name, then run, then the place itself (two places can read the same: module `A.B`, and suite `B` of `A`).
    private static func byName(_ left: Row, _ right: Row) -> Bool {
        if left.name != right.name { return left.name.utf8.lexicographicallyPrecedes(right.name.utf8) }
        if left.runOrdinal != right.runOrdinal { return left.runOrdinal < right.runOrdinal }
        return left.place < right.place
    }
}

extension MarkdownSummary {
    /// `### Suites`: a table of the ranked suites (a run column when the summary has several runs), a line saying
    /// how many more there are, all folded in `<details>` when no suite failed; empty when there is no suite.
    static func suitesSection(_ ranking: SuiteRanking, severalRuns: Bool) -> String {
        let rows = ranking.rows
        guard !rows.isEmpty else { return "" }
        var table = severalRuns ? "| Suite | Run " : "| Suite "
        table += "| Tests | Passed | Failed | Skipped | Summed time |\n" + (severalRuns ? "|---|---" : "|---")
        table += "|---:|---:|---:|---:|---:|\n"
        for row in rows {
            let name = row.name.isEmpty ? "(no suite)" : String(row.name.prefix(200))
            table += "| " + MarkdownEscaping.table(name) + " |"
            if severalRuns { table += " " + MarkdownEscaping.table(String(row.runName.prefix(100))) + " |" }
            let totals = row.totals
            table +=
                " \(NumberText.count(totals.tests)) | \(NumberText.count(totals.passed)) | \(NumberText.count(totals.failed)) | \(NumberText.count(totals.skipped)) | \(NumberText.duration(totals.duration)) |\n"
        }
        let hidden = ranking.suiteCount - rows.count
        if hidden > 0 { table += "\nand \(Counted.noun(hidden, "more suite")).\n" }
        if ranking.failing.isEmpty {
            let order = ranking.suiteCount > 1 ? ", slowest first" : ""
            return "\n<details><summary>\(Counted.noun(ranking.suiteCount, "suite"))\(order)</summary>\n\n"
                + table + "\n</details>\n"
        }
        return "\n### Suites\n\n" + table
    }
}
