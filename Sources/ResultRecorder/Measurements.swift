import Foundation
import ResultModel

/// A metric the recorder can measure.
public struct RecordedMetric: Sendable {
    /// The metric's identifier.
    public var id: String
    /// Its human name.
    public var name: String
    /// Its unit.
    public var unit: String

    /// Creates a metric.
    public init(id: String, name: String, unit: String) {
        self.id = id
        self.name = name
        self.unit = unit
    }

    /// Wall-clock time of each iteration, in seconds (XCTest's `XCTClockMetric`).
    public static let wallClockTime = RecordedMetric(
        id: "org.swift.XCTPerformanceMetric_WallClockTime", name: "Time", unit: "seconds")
}

/// Runs `body` `iterations` times, timing each run, and records every value with XCTest's default thresholds
/// (10% relative standard deviation, 0.1 s standard deviation) and an optional baseline. Returns the measurement,
/// whose ``MeasurementRecord/verdict`` tells whether it passed.
@discardableResult
public func measure(
    metric: RecordedMetric = .wallClockTime, iterations: Int = 10, baseline: Double? = nil, _ body: () throws -> Void
) rethrows -> MeasurementRecord {
    var values: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<max(1, iterations) {
        let elapsed = try clock.measure { try body() }
        let components = elapsed.components
        values.append(Double(components.seconds) + Double(components.attoseconds) / 1e18)
    }
    let measurement = MeasurementRecord(
        metricID: metric.id, name: metric.name, unit: metric.unit, values: values, baselineAverage: baseline)
    if let frame = StepFrame.current {
        frame.add(measurement)
    } else {
        Journal.shared.write(measurements: [measurement])
    }
    return measurement
}
