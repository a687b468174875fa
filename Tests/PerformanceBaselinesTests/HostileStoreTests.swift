import Foundation
import PerformanceBaselines
import ResultModel
import Testing
import _TestSupport

/// Store files someone committed or edited by hand, and machines whose keys would once have been one.
struct HostileStoreTests {
    static let host = HostInfo(
        operatingSystem: "Debian GNU/Linux 12 (bookworm)", kernel: "6.1.0", architecture: "x86_64",
        cpuModel: "AMD EPYC 7B13", cpuCount: 2)

    static func entry(_ average: Double) -> BaselineEntry {
        BaselineEntry(test: "M/S/t", metric: "org.swift.XCTPerformanceMetric_WallClockTime", average: average)
    }

    @Test func labelsThatSpellTheSameSlugGetDifferentKeysAndKeepTheirBaselines() throws {
        let first = MachineConfiguration(host: Self.host, label: "ci-large")
        let second = MachineConfiguration(host: Self.host, label: "CI large")
        #expect(first.key == "linux-x86_64-amd-epyc-7b13-2cores-ci-large")
        #expect(second.key == "linux-x86_64-amd-epyc-7b13-2cores-ci-large-7678ce7a")
        #expect(first.key != second.key)
        let store = BaselineStore(folder: try TestPaths.makeTemporaryDirectory("labels"))
        try store.write(MachineBaselines(machine: first, baselines: [Self.entry(1)]))
        try store.write(MachineBaselines(machine: second, baselines: [Self.entry(2)]))
        #expect(try store.baselines(for: first)?.baselines.first?.average == 1)
        #expect(try store.baselines(for: second)?.baselines.first?.average == 2)
    }

    @Test func aFileOfAnotherMachineUnderTheSameNameIsNotReplaced() throws {
        let store = BaselineStore(folder: try TestPaths.makeTemporaryDirectory("collision"))
        let mine = MachineConfiguration(host: Self.host, label: "ci")
        var other = mine
        other.cpuModel = "amd epyc 7b13"  // the same slug: an older store could hold it under this name
        #expect(other.key == mine.key)
        try BaselineStore.encode(MachineBaselines(machine: other, baselines: [Self.entry(1)]))
            .write(to: store.file(for: mine.key))
        let error = try #require(throws: BaselineError.self) {
            try store.write(MachineBaselines(machine: mine, baselines: [Self.entry(2)]))
        }
        #expect(error.description.contains("another machine"))
        #expect(try store.baselines(for: other)?.baselines.first?.average == 1)
    }

    @Test func aMachineInAFileNotNamedAfterItsKeyIsWrittenThere() throws {
        let store = BaselineStore(folder: try TestPaths.makeTemporaryDirectory("renamed"))
        let machine = MachineConfiguration(host: Self.host)
        let file = store.folder.appendingPathComponent("our-ci-runner.json")
        try BaselineStore.encode(MachineBaselines(machine: machine, baselines: [Self.entry(1)])).write(to: file)
        try store.write(MachineBaselines(machine: machine, baselines: [Self.entry(3)]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.folder.path) == ["our-ci-runner.json"])
        #expect(try store.baselines(for: machine)?.baselines.first?.average == 3)
        try store.write(MachineBaselines(machine: machine, baselines: []))
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.folder.path).isEmpty)
    }

    @Test(arguments: [
        ("\"average\" : 0.25", "\"average\" : 1e400"),
        ("\"average\" : 0.25", "\"average\" : 0.25, \"maxRegression\" : -0.1"),
        ("\"average\" : 0.25", "\"average\" : 0.25, \"maxPercentRegression\" : -5"),
        ("\"logicalCores\" : 2", "\"logicalCores\" : 9.3e18"),
        ("\"logicalCores\" : 2", "\"logicalCores\" : 1e300"),
        ("\"logicalCores\" : 2", "\"logicalCores\" : -2"),
    ])
    func aFileWithNumbersThatCannotJudgeIsRefusedNamingIt(original: String, replacement: String) throws {
        let store = BaselineStore(folder: try TestPaths.makeTemporaryDirectory("numbers"))
        let machine = MachineConfiguration(host: Self.host)
        let text = String(
            decoding: try BaselineStore.encode(MachineBaselines(machine: machine, baselines: [Self.entry(0.25)])),
            as: UTF8.self)
        #expect(text.contains(original))
        let file = store.file(for: machine.key)
        try Data(text.replacingOccurrences(of: original, with: replacement).utf8).write(to: file)
        let error = try #require(throws: BaselineError.self) { try store.allMachines() }
        #expect(error.description.contains(file.lastPathComponent))
    }
}
