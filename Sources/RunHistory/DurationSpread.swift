/// How much each test's duration varies from run to run, from a history: what `compare --history` allows a test
/// before calling it slower or faster.
extension HistoryAnalysis {
    /// The fewest passing runs with a duration a spread is computed from.
    public static let spreadMinimumRuns = 5

    /// Each test's duration spread in seconds over the window, by key: 1.4826 × the median absolute deviation of
    /// the durations of the runs it passed (the scale that equals the standard deviation for normal noise, and is
    /// not thrown by a few outliers). Tests with fewer than ``spreadMinimumRuns`` such runs have none.
    public func durationSpreads() -> [String: Double] {
        let runs = history.runs.suffix(window)
        var spreads: [String: Double] = [:]
        var durations: [Double] = []
        for (index, key) in history.keys.enumerated() {
            durations.removeAll(keepingCapacity: true)
            for run in runs where run.status(at: index).isPassing {
                if let duration = run.duration(at: index) { durations.append(duration) }
            }
            guard durations.count >= Self.spreadMinimumRuns else { continue }
            let center = Self.median(&durations)
            for position in durations.indices { durations[position] = abs(durations[position] - center) }
            spreads[key] = 1.4826 * Self.median(&durations)
        }
        return spreads
    }

    /// The median of `values` (sorted in place).
    static func median(_ values: inout [Double]) -> Double {
        values.sort()
        let middle = values.count / 2
        return values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
    }
}
