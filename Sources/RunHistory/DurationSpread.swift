/// How much each test's duration varies from run to run, from a history: what `compare --history` allows a test
/// before calling it slower or faster.
extension HistoryAnalysis {
    /// The fewest passing runs with a duration a spread is computed from.
    public static let spreadMinimumRuns = 5

    /// Each test's duration spread in seconds over the window, by key (``durationSpread(for:)`` of every key).
    public func durationSpreads() -> [String: Double] {
        var spreads: [String: Double] = [:]
        for key in history.keys { spreads[key] = durationSpread(for: key) }
        return spreads
    }

    /// The duration spread of `key` in seconds over the window: 1.4826 × the median absolute deviation of the
    /// durations of the runs it passed (the scale that equals the standard deviation for normal noise, and is not
    /// thrown by a few outliers). `nil` with fewer than ``spreadMinimumRuns`` such runs.
    public func durationSpread(for key: String) -> Double? {
        guard let index = index(matching: key) else { return nil }
        let runs = history.runs.suffix(window)
        var durations: [Double] = []
        for run in runs where run.status(at: index).isPassing {
            if let duration = run.duration(at: index) { durations.append(duration) }
        }
        guard durations.count >= Self.spreadMinimumRuns else { return nil }
        let center = Self.median(&durations)
        for position in durations.indices { durations[position] = abs(durations[position] - center) }
        return 1.4826 * Self.median(&durations)
    }

    /// The median of `values` (sorted in place).
    static func median(_ values: inout [Double]) -> Double {
        values.sort()
        let middle = values.count / 2
        return values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
    }
}
