/// Metric identifiers: XCTest's, Xcode's and ours, and which of them name the same metric.
///
/// Our identifier for a metric is swift-corelibs-xctest's where it has one (`org.swift.XCTPerformanceMetric_*`),
/// otherwise Apple's `com.apple.dt.XCTMetric_*` name. Xcode writes `com.apple.XCTPerformanceMetric_*` for the old
/// `measure` metrics; both spellings map to ours, and ours maps back to Xcode's when a baseline is written for Xcode.
public enum MetricIdentifiers {
    /// A metric we know: our identifier, Xcode's, its unit and which direction is better.
    public struct Metric: Sendable, Hashable {
        /// Our identifier.
        public var ours: String
        /// The identifier Xcode writes in `.xcbaseline` files.
        public var xcode: String
        /// Other spellings that mean the same metric.
        public var aliases: [String]
        /// The unit.
        public var unit: String
        /// Whether larger values are better.
        public var largerIsBetter: Bool
    }

    /// Every metric we map (the table in docs/BASELINES.md).
    public static let known: [Metric] =
        [
            Metric(
                ours: "org.swift.XCTPerformanceMetric_WallClockTime",
                xcode: "com.apple.XCTPerformanceMetric_WallClockTime",
                aliases: ["com.apple.dt.XCTMetric_Clock.time.monotonic"], unit: "seconds", largerIsBetter: false),
            Metric(
                ours: "com.apple.dt.XCTMetric_CPU.time", xcode: "com.apple.dt.XCTMetric_CPU.time",
                aliases: [], unit: "seconds", largerIsBetter: false),
            Metric(
                ours: "com.apple.dt.XCTMetric_CPU.cycles", xcode: "com.apple.dt.XCTMetric_CPU.cycles", aliases: [],
                unit: "kC", largerIsBetter: false),
            Metric(
                ours: "com.apple.dt.XCTMetric_CPU.instructions_retired",
                xcode: "com.apple.dt.XCTMetric_CPU.instructions_retired", aliases: [], unit: "kI", largerIsBetter: false
            ),
            Metric(
                ours: "com.apple.dt.XCTMetric_Memory.physical", xcode: "com.apple.dt.XCTMetric_Memory.physical",
                aliases: [], unit: "kB", largerIsBetter: false),
            Metric(
                ours: "com.apple.dt.XCTMetric_Memory.physical_peak",
                xcode: "com.apple.dt.XCTMetric_Memory.physical_peak",
                aliases: [], unit: "kB", largerIsBetter: false),
            Metric(
                ours: "com.apple.dt.XCTMetric_Disk.logical_writes", xcode: "com.apple.dt.XCTMetric_Disk.logical_writes",
                aliases: ["com.apple.dt.XCTMetric_Storage.logical_writes"], unit: "kB", largerIsBetter: false),
            Metric(
                ours: "com.apple.dt.XCTMetric_Clock.time.monotonic.application_launch",
                xcode: "com.apple.dt.XCTMetric_ApplicationLaunch-AppLaunch.duration", aliases: [], unit: "seconds",
                largerIsBetter: false),
        ]
        + ["UserTime", "SystemTime", "RunTime"].map { name in
            Metric(
                ours: "com.apple.XCTPerformanceMetric_\(name)", xcode: "com.apple.XCTPerformanceMetric_\(name)",
                aliases: ["org.swift.XCTPerformanceMetric_\(name)"], unit: "seconds", largerIsBetter: false)
        }
        + ["TransientVMAllocationsKilobytes", "TemporaryHeapAllocationsKilobytes", "HighWaterMarkForVMAllocations"].map
    {
        Metric(
            ours: "com.apple.XCTPerformanceMetric_\($0)", xcode: "com.apple.XCTPerformanceMetric_\($0)", aliases: [],
            unit: "kB", largerIsBetter: false)
    }

    /// Our identifier for `identifier` (itself when unknown).
    public static func ours(_ identifier: String) -> String {
        metric(identifier)?.ours ?? identifier
    }

    /// Xcode's identifier for `identifier` (itself when unknown).
    public static func xcode(_ identifier: String) -> String {
        metric(identifier)?.xcode ?? identifier
    }

    /// Whether two identifiers name the same metric.
    public static func same(_ first: String, _ second: String) -> Bool { ours(first) == ours(second) }

    /// The known metric `identifier` names, when it is one.
    public static func metric(_ identifier: String) -> Metric? {
        known.first { $0.ours == identifier || $0.xcode == identifier || $0.aliases.contains(identifier) }
    }
}
