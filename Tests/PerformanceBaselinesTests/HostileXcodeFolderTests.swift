import Foundation
import PerformanceBaselines
import Testing
import _TestSupport

/// `.xcbaseline` folders someone committed: keys that are paths, property lists that expand to billions of
/// objects, and numbers that do not fit an `Int`, each refused with the file and the field named.
struct HostileXcodeFolderTests {
    static let uuid = "3F5A9E0D-2B6C-4D1E-9A7F-8C2E1B4D6A90"

    /// An `Info.plist` with one run destination under `key`, whose `localComputer` has `computer`'s fields.
    static func infoPlist(key: String, computer: [String: Any] = ["cpuKind": "Apple M1", "cpuCount": 1]) throws
        -> Data
    {
        let destination: [String: Any] = ["localComputer": computer, "targetArchitecture": "arm64"]
        return try PropertyListSerialization.data(
            fromPropertyList: ["runDestinationsByUUID": [key: destination]], format: .xml, options: 0)
    }

    static func folder(_ name: String, info: Data) throws -> URL {
        let folder = try TestPaths.makeTemporaryDirectory(name).appendingPathComponent("Target.xcbaseline")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try info.write(to: folder.appendingPathComponent("Info.plist"))
        return folder
    }

    @Test(arguments: ["../../../../outside/PWNED", "../PWNED", "sub/3F5A9E0D-2B6C-4D1E-9A7F-8C2E1B4D6A90", ".", ""])
    func aDestinationKeyThatIsNotAUUIDIsRefusedAndNothingIsWrittenOutside(key: String) throws {
        let folder = try Self.folder("traversal", info: try Self.infoPlist(key: key))
        let outside = folder.deletingLastPathComponent().appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        #expect(throws: BaselineError.self) { try XcodeBaselineFolder.read(folder) }
        let machine = MachineConfiguration(
            cpuModel: "AMD EPYC", logicalCores: 2, architecture: "x86_64", osFamily: "linux")
        let baselines = MachineBaselines(
            machine: machine, baselines: [BaselineEntry(test: "M/S/t", metric: "m", average: 1)])
        let error = try #require(throws: BaselineError.self) { try XcodeBaselineFolder.write([baselines], to: folder) }
        #expect(error.description.contains("not a UUID"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Info.plist"])
    }

    /// `levels` arrays, each holding the next one twice, the last holding an empty string: 2^levels objects once
    /// decoded, in a few hundred bytes.
    static func sharedArrayBomb(levels: Int) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for level in 0..<levels {
            offsets.append(bytes.count)
            bytes += [0xA2, UInt8(level + 1), UInt8(level + 1)]
        }
        offsets.append(bytes.count)
        bytes.append(0x50)  // ""
        let tableStart = bytes.count
        bytes += offsets.map { UInt8($0) }
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        for value in [offsets.count, 0, tableStart] {
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
        }
        return Data(bytes)
    }

    @Test func aBinaryListOfSharedArraysIsRefusedBeforeItIsDecoded() throws {
        // The same shape a few levels deep decodes, so the walk reads the table as Foundation does.
        let small = try PropertyListSerialization.propertyList(from: Self.sharedArrayBomb(levels: 3), format: nil)
        #expect((small as? [Any])?.count == 2)
        let error = try #require(throws: BaselineError.self) {
            _ = try XcodeBaselineFolder.propertyList(Self.sharedArrayBomb(levels: 40), file: "Info.plist")
        }
        #expect(error.description.contains("more than \(PropertyListBounds.maxObjects) objects"))
        #expect(error.description.hasPrefix("Info.plist"))
    }

    @Test func anXMLOrTextListOfTooManyObjectsIsRefusedBeforeItIsDecoded() throws {
        let count = 2 * PropertyListBounds.maxObjects + 1
        let xml = "<plist><array>" + String(repeating: "<true/>", count: count) + "</array></plist>"
        let text = "(" + String(repeating: "a,", count: count) + ")"
        for list in [xml, text] {
            let error = try #require(throws: BaselineError.self) {
                _ = try XcodeBaselineFolder.propertyList(Data(list.utf8), file: "Info.plist")
            }
            #expect(error.description.contains("refused before decoding"))
        }
    }

    @Test func aBinaryListThatContainsItselfIsRefused() throws {
        var bomb = [UInt8](Self.sharedArrayBomb(levels: 3))
        bomb[8 + 3 * 2 + 1] = 0  // the innermost array refers to the outermost
        #expect(throws: BaselineError.self) {
            _ = try XcodeBaselineFolder.propertyList(Data(bomb), file: "Info.plist")
        }
    }

    /// A property-list value a test puts in a field.
    enum Value: Sendable {
        case text(String)
        case number(Double)
        case integer(Int)

        var plist: Any {
            switch self {
            case .text(let text): text
            case .number(let number): number
            case .integer(let integer): integer
            }
        }
    }

    @Test(arguments: [
        ("cpuCount", Value.text("nan")), ("cpuCount", .text("inf")), ("cpuCount", .text("9.3e18")),
        ("cpuCount", .number(1e300)), ("cpuCount", .integer(-1)), ("logicalCPUCoresPerPackage", .number(2.5)),
    ])
    func aCoreCountThatIsNotASmallWholeNumberIsRefusedNamingTheField(field: String, value: Value) throws {
        var computer: [String: Any] = ["cpuKind": "Apple M1", "cpuCount": 1, "logicalCPUCoresPerPackage": 8]
        computer[field] = value.plist
        let folder = try Self.folder("numbers", info: try Self.infoPlist(key: Self.uuid, computer: computer))
        let error = try #require(throws: BaselineError.self) { try XcodeBaselineFolder.read(folder) }
        #expect(error.description.contains("localComputer.\(field)"))
        #expect(error.description.contains("Info.plist"))
    }

    @Test func aCoreProductThatWouldOverflowIsRefused() throws {
        let computer: [String: Any] = [
            "cpuKind": "Apple M1", "cpuCount": 4_294_967_296, "logicalCPUCoresPerPackage": 4_294_967_296,
        ]
        let folder = try Self.folder("product", info: try Self.infoPlist(key: Self.uuid, computer: computer))
        #expect(throws: BaselineError.self) { try XcodeBaselineFolder.read(folder) }
    }

    @Test(arguments: [
        ("baselineAverage", Value.text("nan")), ("baselineAverage", .text("inf")), ("maxRegression", .number(-0.1)),
        ("maxPercentRegression", .text("nan")),
    ])
    func aBaselineThatCannotJudgeIsRefused(field: String, value: Value) throws {
        let folder = try Self.folder("entries", info: try Self.infoPlist(key: Self.uuid))
        var metric: [String: Any] = ["baselineAverage": 0.25]
        metric[field] = value.plist
        let classes = [
            "classNames": ["CalculatorTests": ["testSum()": ["com.apple.XCTPerformanceMetric_WallClockTime": metric]]]
        ]
        try PropertyListSerialization.data(fromPropertyList: classes, format: .xml, options: 0)
            .write(to: folder.appendingPathComponent(Self.uuid + ".plist"))
        let error = try #require(throws: BaselineError.self) { try XcodeBaselineFolder.read(folder) }
        #expect(error.description.contains(field) || error.description.contains("average"))
    }
}
