import PerformanceBaselines
import ResultModel
import Testing

/// A test's baseline is found by its id with or without its module (``ResultModel/ModuleLessMatching``), both ways.
struct BaselineLookupTests {
    static let machine = MachineConfiguration(
        cpuModel: "cpu", logicalCores: 2, architecture: "x86_64", osFamily: "linux")
    static let metric = "org.swift.XCTPerformanceMetric_WallClockTime"

    static func application(_ tests: [String]) -> BaselineApplication {
        let entries = tests.enumerated().map { BaselineEntry(test: $1, metric: metric, average: Double($0 + 1)) }
        return BaselineApplication(machine: machine, baselines: MachineBaselines(machine: machine, baselines: entries))
    }

    @Test func findsTheEntryWithOrWithoutTheModule() {
        #expect(Self.application(["S/testPerf"]).baseline(forTest: "M/S/testPerf", metric: Self.metric)?.average == 1)
        #expect(Self.application(["M/S/testPerf"]).baseline(forTest: "S/testPerf", metric: Self.metric)?.average == 1)
    }

    @Test func anEntryOfSeveralModulesIsNotGuessed() {
        let both = Self.application(["M/S/testPerf", "N/S/testPerf"])
        #expect(both.baseline(forTest: "S/testPerf", metric: Self.metric) == nil)
        #expect(both.baseline(forTest: "N/S/testPerf", metric: Self.metric)?.average == 2)
    }
}
