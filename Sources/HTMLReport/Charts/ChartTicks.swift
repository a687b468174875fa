import Foundation

/// Tick positions for a chart's axes: round numbers (1, 2 or 5 times a power of ten) that people read at a glance.
enum ChartTicks {
    /// About `count` round values covering `low...high`, the first at or below `low` and the last at or above `high`.
    static func values(from low: Double, to high: Double, count: Int = 4) -> [Double] {
        guard low.isFinite, high.isFinite, high > low, count > 0 else { return low.isFinite ? [low] : [] }
        let step = roundStep((high - low) / Double(count))
        guard step > 0, step.isFinite else { return [low] }
        // A little slack, so a bound a binary fraction off a tick (0.30000000000000004) does not add a tick.
        let first = (low / step + 1e-9).rounded(.down)
        let last = (high / step - 1e-9).rounded(.up)
        // Far from zero, adding one step may not change a Double: count the ticks instead of striding over them.
        guard last >= first, last - first <= 100, abs(first) < 1e15 else { return [low, high] }
        return (0...Int(last - first)).map { (first + Double($0)) * step }
    }

    /// 1, 2 or 5 times a power of ten, at least `rough`.
    static func roundStep(_ rough: Double) -> Double {
        guard rough > 0, rough.isFinite else { return 0 }
        let power = pow(10, (log10(rough)).rounded(.down))
        for multiple in [1.0, 2, 5, 10] where multiple * power >= rough * (1 - 1e-9) { return multiple * power }
        return 10 * power
    }

    /// The iteration numbers (1-based) labelled on an axis of `count` values: every one up to 10, else every
    /// `k`-th with `k` a round step, always including the first.
    static func iterations(count: Int) -> [Int] {
        guard count > 0 else { return [] }
        guard count > 10 else { return Array(1...count) }
        let step = max(1, Int(roundStep(Double(count) / 10)))
        return [1] + stride(from: step, through: count, by: step).filter { $0 != 1 }
    }

    /// A tick value as text, with as many decimals as the ticks' `step` needs, so the labels line up (`0.20`,
    /// `0.25`, `10200`); very large or very small values in scientific notation. Never `-0`.
    static func label(_ value: Double, step: Double) -> String {
        guard step > 0, step.isFinite else { return label(value) }
        let magnitude = max(abs(value), step)
        guard magnitude < 1e7, step >= 1e-6 else { return label(value) }
        let decimals = max(0, Int(-log10(step).rounded(.down)))
        let text = String(format: "%.\(decimals)f", value)
        return Double(text) == 0 ? String(format: "%.\(decimals)f", 0.0) : text
    }

    /// A value as text: up to 4 significant digits, no noise from binary fractions (`0.30000000000000004`).
    static func label(_ value: Double) -> String {
        let text = String(format: "%.4g", value)
        return text == "-0" ? "0" : text
    }
}
