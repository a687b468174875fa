import Foundation
import PerformanceBaselines
import ResultModel
import Testing
import _TestSupport

/// The store: one diff-friendly file per machine configuration, matched exactly.
struct BaselineStoreTests {
    static let host = HostInfo(
        operatingSystem: "Debian GNU/Linux 12 (bookworm)", kernel: "6.1.0", architecture: "x86_64",
        cpuModel: "AMD EPYC 7B13", cpuCount: 2)

    @Test func theKeyIsReadableAndStable() {
        let machine = MachineConfiguration(host: Self.host, label: "ci-large")
        #expect(machine.key == "linux-x86_64-amd-epyc-7b13-2cores-ci-large")
        #expect(MachineConfiguration(host: Self.host).key == "linux-x86_64-amd-epyc-7b13-2cores")
    }

    @Test func theSameCPUWithAnotherCoreCountDoesNotMatch() throws {
        let store = BaselineStore(folder: try TestPaths.makeTemporaryDirectory("store"))
        let machine = MachineConfiguration(host: Self.host)
        try store.write(
            MachineBaselines(
                machine: machine, baselines: [BaselineEntry(test: "M/S/t", metric: "m", average: 1)]))
        var bigger = Self.host
        bigger.cpuCount = 4
        #expect(try store.baselines(for: MachineConfiguration(host: bigger)) == nil)
        var otherLabel = MachineConfiguration(host: Self.host, label: "ci")
        #expect(try store.baselines(for: otherLabel) == nil)
        otherLabel.label = nil
        #expect(try store.baselines(for: otherLabel)?.baselines.count == 1)
    }

    @Test func filesHaveSortedKeysAndOneValuePerLine() throws {
        let baselines = MachineBaselines(
            machine: MachineConfiguration(host: Self.host),
            baselines: [
                BaselineEntry(test: "M/S/b", metric: "m", average: 2, values: [1.9, 2.1]),
                BaselineEntry(
                    test: "M/S/a", metric: "m", average: 1, maxPercentRegression: 5,
                    setBy: .init(date: "2026-11-25T06:00:00Z", run: "nightly", commit: "abc123")),
            ])
        let text = String(decoding: try BaselineStore.encode(baselines), as: UTF8.self)
        #expect(text.hasSuffix("}\n"))
        #expect(text.range(of: "\"M/S/a\"")!.lowerBound < text.range(of: "\"M/S/b\"")!.lowerBound)
        #expect(text.contains("\n        1.9,\n        2.1\n"))
        let keys = text.split(separator: "\n").compactMap { line -> String? in
            guard let quote = line.firstIndex(of: "\""), line[..<quote].allSatisfy({ $0 == " " }) else { return nil }
            return String(line[quote...].prefix { $0 != ":" })
        }
        #expect(!keys.isEmpty)
    }

    @Test func aForeignFileIsNeitherReadNorReplaced() throws {
        let folder = try TestPaths.makeTemporaryDirectory("foreign")
        let store = BaselineStore(folder: folder)
        let machine = MachineConfiguration(host: Self.host)
        let file = store.file(for: machine.key)
        try Data("{\"hello\": 1}".utf8).write(to: file)
        #expect(throws: BaselineError.self) {
            try store.write(
                MachineBaselines(machine: machine, baselines: [BaselineEntry(test: "t", metric: "m", average: 1)]))
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "{\"hello\": 1}")
    }
}
