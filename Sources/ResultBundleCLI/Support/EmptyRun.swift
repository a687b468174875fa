import ResultModel

/// A run with no test is not a success: `swift test --filter NoSuchTest` passes with nothing tested. `record`
/// (unless `--allow-empty`) and `summary --fail-on-empty` exit with ``exitCode`` then, as pytest exits 5 when it
/// collected no test.
enum EmptyRun {
    /// The exit code of a run with no test.
    static let exitCode: Int32 = 5

    /// Whether `sources` hold no test at all (read from their stored totals when they have them).
    static func holdsNoTest(_ sources: [any ResultSource]) throws -> Bool {
        for source in sources where try (source.storedTotals ?? source.totals()).tests > 0 { return false }
        return true
    }
}
