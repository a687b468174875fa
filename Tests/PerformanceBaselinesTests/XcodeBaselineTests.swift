import Foundation
import PerformanceBaselines
import Testing
import _TestSupport

/// Xcode's `.xcbaseline` folders, read in both property-list forms and written back in Xcode's shape.
struct XcodeBaselineTests {
    static let fixtures = TestPaths.fixture("xcbaseline")

    @Test(arguments: ["Xcode.xcbaseline", "XcodeBinary.xcbaseline"])
    func readsXcodesFolder(_ name: String) throws {
        let machines = try XcodeBaselineFolder.read(Self.fixtures.appendingPathComponent(name))
        #expect(machines.count == 1)
        let machine = try #require(machines.first)
        #expect(
            machine.machine
                == MachineConfiguration(
                    cpuModel: "Apple M1 Pro", logicalCores: 10, architecture: "arm64", osFamily: "macos"))
        #expect(
            machine.baselines == [
                BaselineEntry(
                    test: "CalculatorTests/testClockMetric", metric: "com.apple.dt.XCTMetric_Clock.time.monotonic",
                    average: 0.012, maxPercentRelativeStandardDeviation: 5),
                BaselineEntry(
                    test: "CalculatorTests/testPerformanceOfSum",
                    metric: "com.apple.XCTPerformanceMetric_WallClockTime", average: 0.25),
            ])
    }

    @Test func writingAnXcodeFolderBackKeepsItsShape() throws {
        let original = Self.fixtures.appendingPathComponent("Xcode.xcbaseline")
        let copy = try TestPaths.makeTemporaryDirectory("xcode").appendingPathComponent("Copy.xcbaseline")
        try FileManager.default.copyItem(at: original, to: copy)
        try XcodeBaselineFolder.write(try XcodeBaselineFolder.read(original), to: copy)
        for name in ["Info.plist", "3F5A9E0D-2B6C-4D1E-9A7F-8C2E1B4D6A90.plist"] {
            let before =
                try PropertyListSerialization.propertyList(
                    from: Data(contentsOf: original.appendingPathComponent(name)), format: nil) as? NSDictionary
            let after =
                try PropertyListSerialization.propertyList(
                    from: Data(contentsOf: copy.appendingPathComponent(name)), format: nil) as? NSDictionary
            #expect(before == after, "\(name) changed")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: copy.path).count == 2)
    }

    @Test func baselinesSetOnLinuxRoundTripThroughXcodesShape() throws {
        let machine = MachineConfiguration(
            cpuModel: "AMD EPYC 7B13", logicalCores: 2, architecture: "x86_64", osFamily: "linux", label: "ci")
        let baselines = MachineBaselines(
            machine: machine,
            baselines: [
                BaselineEntry(
                    test: "ExampleTests/CalculatorTests/testSumPerformance",
                    metric: "org.swift.XCTPerformanceMetric_WallClockTime", average: 0.031, maxPercentRegression: 12,
                    maxRegression: 0.05, maxPercentRelativeStandardDeviation: 8)
            ])
        for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
            let folder = try TestPaths.makeTemporaryDirectory("linux").appendingPathComponent("Example.xcbaseline")
            try XcodeBaselineFolder.write([baselines], to: folder, format: format)
            let read = try XcodeBaselineFolder.read(folder)
            #expect(read.map(\.machine) == [machine])
            #expect(read.first?.baselines.first?.test == "CalculatorTests/testSumPerformance")
            #expect(read.first?.baselines.first?.maxPercentRegression == 12)
            let info =
                try PropertyListSerialization.propertyList(
                    from: Data(contentsOf: folder.appendingPathComponent("Info.plist")), format: nil) as? [String: Any]
            let destinations = try #require(info?["runDestinationsByUUID"] as? [String: Any])
            let uuid = try #require(destinations.keys.first)
            #expect(UUID(uuidString: uuid) != nil)
            let classes =
                try PropertyListSerialization.propertyList(
                    from: Data(contentsOf: folder.appendingPathComponent(uuid + ".plist")), format: nil)
                as? [String: Any]
            let metric =
                ((classes?["classNames"] as? [String: Any])?["CalculatorTests"] as? [String: Any])?[
                    "testSumPerformance()"] as? [String: Any]
            #expect(
                (metric?["com.apple.XCTPerformanceMetric_WallClockTime"] as? [String: Any])?["baselineAverage"]
                    as? Double == 0.031)
        }
    }
}

/// Hostile Xcode folders: wrong types, missing keys and non-property-list files give errors or nothing, never a
/// crash or a wrong baseline.
struct HostileXcodeBaselineTests {
    func folder(info: Any, destination: Any?) throws -> URL {
        let folder = try TestPaths.makeTemporaryDirectory("hostile-xcode").appendingPathComponent("X.xcbaseline")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
            .write(to: folder.appendingPathComponent("Info.plist"))
        if let destination {
            try PropertyListSerialization.data(fromPropertyList: destination, format: .binary, options: 0)
                .write(to: folder.appendingPathComponent("00000000-0000-4000-8000-000000000000.plist"))
        }
        return folder
    }

    @Test func wrongTypesAreSkipped() throws {
        let info: [String: Any] = [
            "runDestinationsByUUID": [
                "00000000-0000-4000-8000-000000000000": [
                    "localComputer": ["cpuKind": 42, "cpuCount": "many"], "targetArchitecture": [1],
                ]
            ]
        ]
        let classes: [String: Any] = [
            "classNames": [
                "C": [
                    "t()": [
                        "m1": ["baselineAverage": "not a number"], "m2": "not a dictionary",
                        "m3": ["baselineAverage": 0.5],
                    ],
                    "u()": 7,
                ]
            ]
        ]
        let machines = try XcodeBaselineFolder.read(try folder(info: info, destination: classes))
        #expect(machines.count == 1)
        #expect(machines[0].baselines.map(\.metric) == ["m3"])
        #expect(!machines[0].machine.isKnown)
    }

    @Test func aFolderThatIsNotXcodesIsAnError() throws {
        let url = try folder(info: ["something": "else"], destination: nil)
        #expect(throws: BaselineError.self) { try XcodeBaselineFolder.read(url) }
        try Data("<<not a plist".utf8).write(to: url.appendingPathComponent("Info.plist"))
        #expect(throws: BaselineError.self) { try XcodeBaselineFolder.read(url) }
    }
}
