import Foundation

/// A second opinion beside XCTest's verdict: whether a run's values differ from the values stored when the
/// baseline was set, by the Mann-Whitney U test (two-sided), and how large the change is, by the Hodges-Lehmann
/// estimate with its confidence interval. Ranks make it robust to the outliers a busy CI machine produces.
///
/// The p-value is computed as SciPy's `mannwhitneyu(current, baseline)` computes it with `method="auto"`: exactly
/// (the distribution of U by counting) when both samples have fewer than 9 values and there are no ties, else by
/// the normal approximation with the tie correction and a continuity correction. The interval of the shift
/// (current − baseline) takes the pairwise differences' order statistics at the normal approximation's bounds.
public struct RankComparison: Sendable, Hashable {
    /// U of the current values (SciPy's `statistic`).
    public var u: Double
    /// The two-sided p-value.
    public var pValue: Double
    /// Whether the p-value came from the exact distribution.
    public var isExact: Bool
    /// The Hodges-Lehmann estimate of the shift (current − baseline), in the metric's unit.
    public var shift: Double
    /// The confidence interval of the shift.
    public var interval: ClosedRange<Double>
    /// The interval's confidence level.
    public var confidence: Double

    /// Compares `current` with `baseline` (finite values only); `nil` when either has fewer than 2 values.
    public init?(current: [Double], baseline: [Double], confidence: Double = 0.95) {
        let x = current.filter(\.isFinite)
        let y = baseline.filter(\.isFinite)
        guard x.count >= 2, y.count >= 2 else { return nil }
        let (n1, n2) = (x.count, y.count)
        // Average ranks over the pooled sample; tie groups for the variance correction.
        let pooled = (x.map { ($0, 0) } + y.map { ($0, 1) }).sorted { $0.0 < $1.0 }
        var ranks = [Double](repeating: 0, count: pooled.count)
        var tieTerm = 0.0
        var start = 0
        while start < pooled.count {
            var end = start
            while end + 1 < pooled.count && pooled[end + 1].0 == pooled[start].0 { end += 1 }
            let rank = Double(start + end + 2) / 2
            for index in start...end { ranks[index] = rank }
            let size = Double(end - start + 1)
            tieTerm += size * size * size - size
            start = end + 1
        }
        let r1 = zip(pooled, ranks).filter { $0.0.1 == 0 }.reduce(0) { $0 + $1.1 }
        let u1 = r1 - Double(n1 * (n1 + 1)) / 2
        let product = Double(n1 * n2)
        let larger = max(u1, product - u1)
        u = u1
        if n1 <= 8 && n2 <= 8 && tieTerm == 0 {
            isExact = true
            pValue = min(1, 2 * Self.exactSurvival(Int(larger.rounded()), n1, n2))
        } else {
            isExact = false
            let n = Double(n1 + n2)
            let deviation = (product / 12 * ((n + 1) - tieTerm / (n * (n - 1)))).squareRoot()
            let z = deviation > 0 ? (larger - product / 2 - 0.5) / deviation : 0
            pValue = min(1, max(0, 2 * Self.normalSurvival(z)))
        }
        // Hodges-Lehmann: the median of the pairwise differences, and their order statistics as the interval.
        var differences: [Double] = []
        differences.reserveCapacity(n1 * n2)
        for a in x { for b in y { differences.append(a - b) } }
        differences.sort()
        let count = differences.count
        shift =
            count % 2 == 1
            ? differences[count / 2] : (differences[count / 2 - 1] + differences[count / 2]) / 2
        let zValue = Self.normalQuantile(1 - (1 - confidence) / 2)
        let spread = zValue * (product * Double(n1 + n2 + 1) / 12).squareRoot()
        let lowerIndex = min(count - 1, max(0, Int((product / 2 - spread).rounded(.down))))
        let upperIndex = max(0, min(count - 1, count - 1 - lowerIndex))
        interval = differences[min(lowerIndex, upperIndex)]...differences[max(lowerIndex, upperIndex)]
        self.confidence = confidence
    }

    /// P(U ≥ k) under the null hypothesis, from the count of arrangements with each U.
    static func exactSurvival(_ k: Int, _ m: Int, _ n: Int) -> Double {
        // counts[i][j][u]: arrangements of i and j values with U = u, built up one value at a time.
        var table = [[[Double]]](
            repeating: [[Double]](repeating: [], count: n + 1), count: m + 1)
        for i in 0...m {
            for j in 0...n {
                var counts = [Double](repeating: 0, count: i * j + 1)
                if i == 0 || j == 0 {
                    counts[0] = 1
                } else {
                    // The largest value is from the first sample (adds j to U) or from the second.
                    for (u, value) in table[i - 1][j].enumerated() { counts[u + j] += value }
                    for (u, value) in table[i][j - 1].enumerated() { counts[u] += value }
                }
                table[i][j] = counts
            }
        }
        let counts = table[m][n]
        let total = counts.reduce(0, +)
        guard k > 0 else { return 1 }
        guard k < counts.count else { return 0 }
        return counts[k...].reduce(0, +) / total
    }

    /// 1 − Φ(z), the standard normal's survival function.
    static func normalSurvival(_ z: Double) -> Double { 0.5 * erfc(z / 2.0.squareRoot()) }

    /// Φ⁻¹(p), by bisection on ``normalSurvival`` (accurate to 1e-12, which is plenty for an interval).
    static func normalQuantile(_ p: Double) -> Double {
        var low = -10.0
        var high = 10.0
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if 1 - normalSurvival(middle) < p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// Whether the difference is significant at `alpha`.
    public func isSignificant(alpha: Double = 0.05) -> Bool { pValue < alpha }

    /// `statistics: slower, +8% ± 2% (p < 0.01)`, relative to `baselineAverage`, for a metric where smaller is
    /// better (`largerIsBetter` turns "slower" into "worse" the other way).
    public func summary(baselineAverage: Double, largerIsBetter: Bool = false, alpha: Double = 0.05) -> String {
        let scale = baselineAverage == 0 ? 1 : abs(baselineAverage)
        let percent = shift / scale * 100
        let halfWidth = (interval.upperBound - interval.lowerBound) / 2 / scale * 100
        let p = pValue < 0.001 ? "p < 0.001" : pValue < 0.01 ? "p < 0.01" : "p = \(Self.format(pValue, 2))"
        guard isSignificant(alpha: alpha) else {
            return "statistics: no significant change (\(Self.signed(percent)) ± \(Self.format(halfWidth, 1))%, \(p))"
        }
        let worse = largerIsBetter ? shift < 0 : shift > 0
        let word = largerIsBetter ? (worse ? "worse" : "better") : (worse ? "slower" : "faster")
        return "statistics: \(word), \(Self.signed(percent)) ± \(Self.format(halfWidth, 1))% (\(p))"
    }

    private static func signed(_ percent: Double) -> String {
        (percent >= 0 ? "+" : "") + format(percent, 1) + "%"
    }

    private static func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}

extension MeasurementRecord {
    /// The statistical comparison of ``values`` with ``baselineValues``, when both have at least two values.
    public var rankComparison: RankComparison? {
        guard let baselineValues else { return nil }
        return RankComparison(current: values, baseline: baselineValues)
    }

    /// The comparison in words beside XCTest's verdict (`statistics: slower, +8.0% ± 2.0% (p < 0.01)`), when there
    /// is one.
    public var statisticsSummary: String? {
        guard let comparison = rankComparison, let baselineAverage else { return nil }
        return comparison.summary(baselineAverage: baselineAverage, largerIsBetter: polarity == .largerIsBetter)
    }

    /// Whether the comparison finds the values significantly worse than the baseline's (p < 0.05).
    public var isSignificantlyWorse: Bool {
        guard let comparison = rankComparison, comparison.isSignificant() else { return false }
        return polarity == .largerIsBetter ? comparison.shift < 0 : comparison.shift > 0
    }
}
