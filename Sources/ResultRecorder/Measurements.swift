import Foundation
import PerformanceBaselines
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
/// (10% relative standard deviation, 0.1 s standard deviation) and a baseline: `baseline` when given, else the
/// baseline of the current test on this machine in the baseline store (the one `record` passes down in
/// `RESULTBUNDLE_BASELINES`, else `PerformanceBaselines/` in the current folder; docs/BASELINES.md). Returns the
/// measurement, whose ``MeasurementRecord/verdict`` tells whether it passed: the same verdict `record` gives.
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
    var measurement = MeasurementRecord(
        metricID: metric.id, name: metric.name, unit: metric.unit, values: values, baselineAverage: baseline)
    if baseline == nil, let identity = CurrentTest.identity {
        measurement = StoredBaselines.shared.judged(measurement, testID: identity.id)
    }
    if let frame = StepFrame.current {
        frame.add(measurement)
    } else {
        Journal.shared.write(measurements: [measurement])
    }
    return measurement
}

/// The baselines of this machine, read once per test process.
final class StoredBaselines: @unchecked Sendable {
    static let shared = StoredBaselines()

    private let lock = NSLock()
    private var application: BaselineApplication?
    private var loaded = false

    /// `measurement` with the stored baseline of `testID` applied, when there is one.
    func judged(_ measurement: MeasurementRecord, testID: String) -> MeasurementRecord {
        lock.lock()
        defer { lock.unlock() }
        if !loaded {
            loaded = true
            let environment = ProcessInfo.processInfo.environment
            if let location = BaselineLocation.forTestProcess(environment: environment) {
                let machine = MachineConfiguration.current(
                    label: environment[BaselineLocation.labelEnvironmentVariable])
                let catalog = BaselineCatalog((try? location.load()) ?? [])
                application = BaselineApplication(machine: machine, baselines: catalog.baselines(for: machine))
            }
        }
        guard let application, let entry = application.baseline(forTest: testID, metric: measurement.metricID)
        else { return measurement }
        return BaselineApplication.applying(entry, to: measurement, machineKey: application.machine.key)
    }
}
