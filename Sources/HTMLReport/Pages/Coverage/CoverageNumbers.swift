import ResultModel
import ResultSupport

/// How the coverage pages write their numbers: shares as percentages that never round up to 100% (a file with one
/// line missed in 10,000 is not shown as fully covered) and hit counts short enough for a column.
enum CoverageNumbers {
    /// `hit` of `found` as a percentage with one decimal, rounded down: `73.2%`; `nil` when nothing was found.
    static func percent(_ hit: Int, of found: Int) -> String? {
        guard found > 0 else { return nil }
        let tenths = Int((Double(hit) * 1000 / Double(found)).rounded(.down))
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// The share of `hit` in `found` from 0 to 1, for bars and sorting; `nil` when nothing was found.
    static func rate(_ hit: Int, of found: Int) -> Double? {
        found > 0 ? Double(hit) / Double(found) : nil
    }

    /// A hit count in at most five characters: `999`, `12.3k`, `4.5M`, `18E` (counts go up to 2^64-1), rounded
    /// down so that a count is never shown larger than it was.
    static func hits(_ count: UInt64) -> String {
        guard count >= 10_000 else { return String(count) }
        let units: [(UInt64, String)] = [
            (1_000_000_000_000_000_000, "E"), (1_000_000_000_000_000, "P"), (1_000_000_000_000, "T"),
            (1_000_000_000, "G"), (1_000_000, "M"), (1_000, "k"),
        ]
        for (size, suffix) in units where count >= size {
            let whole = count / size
            if whole >= 100 { return "\(whole)\(suffix)" }
            let tenth = (count % size) / (size / 10)
            return "\(whole).\(tenth)\(suffix)"
        }
        return String(count)
    }

    /// `12 of 40 lines` with thousands grouped.
    static func counted(_ hit: Int, of found: Int, _ noun: String) -> String {
        "\(NumberText.count(hit)) of \(Counted.noun(found, noun))"
    }
}
