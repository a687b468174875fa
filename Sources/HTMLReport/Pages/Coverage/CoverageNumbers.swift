import ResultModel
import ResultSupport

/// How the coverage pages write their numbers: hit counts short enough for a column, and shares for bars and sorting
/// (percentages are ``ResultModel/CoveragePercent``'s, as everywhere coverage is shown).
enum CoverageNumbers {
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
