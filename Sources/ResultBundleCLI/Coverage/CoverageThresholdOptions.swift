import ArgumentParser
import Coverage

/// `--fail-under` and `--fail-under-diff`, for `coverage diff` and `summary`: one declaration, so they read and
/// judge the same in both.
struct CoverageThresholdOptions: ParsableArguments {
    @Option(help: "Exit 1 when the total line coverage is below this percentage.")
    var failUnder: Double?

    @Option(help: "Exit 1 when the share of changed lines that ran is below this percentage.")
    var failUnderDiff: Double?

    func validate() throws {
        for (name, value) in [("--fail-under", failUnder), ("--fail-under-diff", failUnderDiff)] {
            if let value, !(0...100).contains(value) {
                throw ValidationError("\(name) takes a percentage from 0 to 100, not \(value).")
            }
        }
    }

    /// The thresholds that `totals` and `diff` fall below, as sentences for `error:` lines.
    func failures(totals: CoverageTotals, diff: DiffCoverage?) -> [String] {
        var failures: [String] = []
        if let failUnder, CoveragePercent.isBelow(failUnder, hit: totals.linesHit, found: totals.linesFound) {
            failures.append("total line coverage is below --fail-under \(Self.number(failUnder))%")
        }
        if let failUnderDiff, let diff,
            CoveragePercent.isBelow(failUnderDiff, hit: diff.linesHit, found: diff.linesFound)
        {
            failures.append("coverage of the changed lines is below --fail-under-diff \(Self.number(failUnderDiff))%")
        }
        return failures
    }

    private static func number(_ value: Double) -> String {
        value.rounded() == value ? "\(Int(value))" : "\(value)"
    }
}
