import Foundation
import ResultModel
import ResultSupport

/// Xcode's own baseline folder (`Target.xcbaseline`, inside `xcshareddata/xcbaselines/` of a project), read and
/// written with Foundation's `PropertyListSerialization` (XML or binary):
///
/// - `Info.plist`: `runDestinationsByUUID` → UUID → `localComputer` (`cpuKind`, `cpuCount`,
///   `logicalCPUCoresPerPackage`, `physicalCPUCoresPerPackage`, `modelCode`, `platformIdentifier`, ...) and
///   `targetArchitecture`.
/// - `<UUID>.plist`: `classNames` → class → test method (`testFoo()`) → metric identifier → `baselineAverage`,
///   `maxPercentRelativeStandardDeviation`, `maxPercentRegression`, `maxRegression` (when set).
///
/// A run destination becomes a ``MachineConfiguration``: `cpuKind` is the CPU model, `cpuCount` ×
/// `logicalCPUCoresPerPackage` the logical cores, `targetArchitecture` the architecture and `platformIdentifier`
/// the OS family. A test is `Class/method` without the module, which Xcode does not keep (it matches a test of any
/// module with that class and method). Metric identifiers are kept as Xcode wrote them and compared through
/// ``MetricIdentifiers``.
public enum XcodeBaselineFolder {
    /// The platform identifier we write for Linux (Xcode knows only Apple platforms; it leaves others alone).
    static let linuxPlatform = "org.swift.platform.linux"
    /// `modelCode` of machines we describe (`resultbundle` or `resultbundle:<label>`), which keeps the label.
    static let modelPrefix = "resultbundle"

    /// Every run destination's baselines in `folder`.
    public static func read(_ folder: URL) throws -> [MachineBaselines] {
        let infoFile = folder.appendingPathComponent("Info.plist")
        let destinations = try destinations(infoFile)
        var machines: [MachineBaselines] = []
        for uuid in destinations.keys.sorted() {
            guard let destination = destinations[uuid] as? [String: Any] else { continue }
            let machine = try configuration(destination, file: infoFile.path, uuid: uuid)
            let file = try destinationFile(uuid, in: folder)
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            let classes = try plist(file)["classNames"] as? [String: Any] ?? [:]
            var entries: [BaselineEntry] = []
            for (className, tests) in classes {
                for (method, metrics) in tests as? [String: Any] ?? [:] {
                    for (metric, values) in metrics as? [String: Any] ?? [:] {
                        guard let values = values as? [String: Any], let average = number(values["baselineAverage"])
                        else { continue }
                        let entry = BaselineEntry(
                            test: className + "/" + testName(method), metric: metric, average: average,
                            maxPercentRegression: number(values["maxPercentRegression"]),
                            maxRegression: number(values["maxRegression"]),
                            maxPercentRelativeStandardDeviation: number(values["maxPercentRelativeStandardDeviation"]))
                        try entry.validate(file: file.path)
                        entries.append(entry)
                    }
                }
            }
            machines.append(MachineBaselines(machine: machine, baselines: entries))
        }
        return machines
    }

    /// `Info.plist`'s `runDestinationsByUUID`, every key checked (``destinationFile(_:in:)``).
    static func destinations(_ infoFile: URL) throws -> [String: Any] {
        guard let destinations = try plist(infoFile)["runDestinationsByUUID"] as? [String: Any] else {
            throw BaselineError(.malformed, "no runDestinationsByUUID dictionary", file: infoFile.path)
        }
        for uuid in destinations.keys { _ = try destinationFile(uuid, in: infoFile.deletingLastPathComponent()) }
        return destinations
    }

    /// `<UUID>.plist` in `folder`, for a run destination's key. Xcode names destinations by UUIDs: any other key
    /// (`../../outside/file`, a name with `/`) is refused, so a folder someone committed can never make us read or
    /// write a file outside it.
    static func destinationFile(_ uuid: String, in folder: URL) throws -> URL {
        guard isDestinationKey(uuid) else {
            throw BaselineError(
                .malformed,
                "run destination key \"\(DisplayText.clean(String(uuid.prefix(80))))\" is not a UUID "
                    + "(XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX, as Xcode writes them); the folder is refused",
                file: folder.appendingPathComponent("Info.plist").path)
        }
        let file = folder.appendingPathComponent(uuid + ".plist")
        guard file.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path else {
            throw BaselineError(.malformed, "run destination file outside its folder", file: file.path)
        }
        return file
    }

    /// Whether `key` is a UUID as Xcode writes it: 36 characters, hexadecimal digits and four `-`.
    static func isDestinationKey(_ key: String) -> Bool {
        let utf8 = Array(key.utf8)
        guard utf8.count == 36 else { return false }
        for (index, byte) in utf8.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                && !(UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
                && !(UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            {
                return false
            }
        }
        return true
    }

    /// Writes `machines` as an Xcode baseline folder (created if needed; its `Info.plist` and each destination's
    /// plist replaced). A machine the folder already describes keeps its UUID and description; a new one gets a
    /// UUID derived from its key, so writing it again finds it.
    public static func write(
        _ machines: [MachineBaselines], to folder: URL, format: PropertyListSerialization.PropertyListFormat = .xml
    ) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var destinations: [String: Any] = [:]
        let infoFile = folder.appendingPathComponent("Info.plist")
        if FileManager.default.fileExists(atPath: infoFile.path) { destinations = try Self.destinations(infoFile) }
        for machine in machines {
            // A destination already in the folder for this machine keeps its UUID and its own description.
            let known = try destinations.keys.sorted().first { uuid in
                guard let destination = destinations[uuid] as? [String: Any] else { return false }
                return try configuration(destination, file: infoFile.path, uuid: uuid) == machine.machine
            }
            let uuid = known ?? identifier(for: machine.machine)
            if known == nil { destinations[uuid] = destination(machine.machine) }
            var classes: [String: [String: [String: [String: Any]]]] = [:]
            for entry in machine.baselines {
                let (className, method) = xcodeNames(entry.test)
                var values: [String: Any] = [
                    "baselineAverage": entry.average, "baselineIntegrationDisplayName": "Local Baseline",
                ]
                if let value = entry.maxPercentRelativeStandardDeviation {
                    values["maxPercentRelativeStandardDeviation"] = value
                }
                if let value = entry.maxPercentRegression { values["maxPercentRegression"] = value }
                if let value = entry.maxRegression { values["maxRegression"] = value }
                classes[className, default: [:]][method, default: [:]][xcodeMetric(entry.metric)] = values
            }
            try write(["classNames": classes], to: try destinationFile(uuid, in: folder), format: format)
        }
        try write(
            ["runDestinationsByUUID": destinations], to: folder.appendingPathComponent("Info.plist"), format: format)
    }

    // MARK: Run destinations

    /// The most CPU packages, or cores per package, a run destination may give (so their product fits an `Int`).
    static let maxCoreCount = 1 << 20

    /// The configuration of a run destination; a count that is not a whole number from 0 to ``maxCoreCount`` is
    /// refused, naming the destination and its field.
    static func configuration(_ destination: [String: Any], file: String, uuid: String) throws -> MachineConfiguration {
        let computer = destination["localComputer"] as? [String: Any] ?? [:]
        func count(_ name: String) throws -> Int? {
            let field = "runDestinationsByUUID.\(uuid).localComputer.\(name)"
            guard let value = number(computer[name]) else { return nil }
            guard let whole = Int(exactly: value), (0...maxCoreCount).contains(whole) else {
                throw BaselineError(
                    .malformed, "\(field) is \(value), not a whole number from 0 to \(maxCoreCount)", file: file)
            }
            return whole
        }
        let packages = try count("cpuCount") ?? 1
        let logical = try count("logicalCPUCoresPerPackage") ?? count("physicalCPUCoresPerPackage") ?? 0
        let model = computer["modelCode"] as? String ?? ""
        var label: String?
        if model.hasPrefix(modelPrefix + ":") { label = String(model.dropFirst(modelPrefix.count + 1)) }
        let platform = (computer["platformIdentifier"] as? String ?? "").lowercased()
        let family =
            platform.contains("macosx")
            ? "macos" : platform == linuxPlatform ? "linux" : platform.isEmpty ? "unknown-os" : platform
        return MachineConfiguration(
            cpuModel: computer["cpuKind"] as? String ?? "unknown-cpu", logicalCores: packages * logical,
            architecture: destination["targetArchitecture"] as? String ?? "unknown-arch", osFamily: family,
            label: label)
    }

    static func destination(_ machine: MachineConfiguration) -> [String: Any] {
        let platform =
            switch machine.osFamily {
            case "macos": "com.apple.platform.macosx"
            case "linux": linuxPlatform
            default: machine.osFamily
            }
        return [
            "localComputer": [
                "cpuKind": machine.cpuModel, "cpuCount": 1, "logicalCPUCoresPerPackage": machine.logicalCores,
                "physicalCPUCoresPerPackage": machine.logicalCores,
                "modelCode": machine.label.map { modelPrefix + ":" + $0 } ?? modelPrefix,
                "platformIdentifier": platform,
            ] as [String: Any],
            "targetArchitecture": machine.architecture,
        ]
    }

    /// A UUID made from the machine's key (SHA-1-free: the key's bytes folded into 16), uppercase as Xcode writes.
    static func identifier(for machine: MachineConfiguration) -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        var hash = StableHash()
        for (index, byte) in machine.key.utf8.enumerated() {
            hash.add(byte)
            bytes[index % 16] ^= UInt8(truncatingIfNeeded: hash.value >> 24)
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x80  // version 8, "custom"
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            )
        ).uuidString
    }

    // MARK: Names

    /// The identifier written for Xcode: Apple's own as it is (so a folder read from Xcode is written back
    /// unchanged), any other mapped to Apple's (``MetricIdentifiers``).
    static func xcodeMetric(_ metric: String) -> String {
        metric.hasPrefix("com.apple.") ? metric : MetricIdentifiers.xcode(metric)
    }

    /// `CalculatorTests/testAdd` from Xcode's class and `testAdd()`.
    static func testName(_ method: String) -> String {
        method.hasSuffix("()") ? String(method.dropLast(2)) : method
    }

    /// Xcode's class and method for a test id (`Module/Class/test` → `Class`, `test()`).
    static func xcodeNames(_ test: String) -> (className: String, method: String) {
        let parts = test.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let name = parts.last ?? test
        let className = parts.count >= 2 ? parts[parts.count - 2] : ""
        return (className, name.contains("(") ? name : name + "()")
    }

    // MARK: Property lists

    static func plist(_ url: URL) throws -> [String: Any] {
        try BaselineStore.checkRegularFile(url)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw BaselineError(.io, "cannot read the property list: \(error.localizedDescription)", file: url.path)
        }
        return try propertyList(data, file: url.path)
    }

    /// A dictionary property list (XML, binary or text), refused before Foundation decodes it when it would
    /// decode to too many objects (``PropertyListBounds``).
    public static func propertyList(_ data: Data, file: String) throws -> [String: Any] {
        try PropertyListBounds.check(data, file: file)
        do {
            guard let value = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
            else { throw BaselineError(.malformed, "not a dictionary property list", file: file) }
            return value
        } catch let error as BaselineError {
            throw error
        } catch {
            throw BaselineError(.malformed, "not a property list: \(error.localizedDescription)", file: file)
        }
    }

    static func write(
        _ value: [String: Any], to url: URL, format: PropertyListSerialization.PropertyListFormat
    ) throws {
        do {
            let data = try PropertyListSerialization.data(fromPropertyList: value, format: format, options: 0)
            try data.write(to: url, options: .atomic)
        } catch {
            throw BaselineError(
                .io, "cannot write the property list: \(error.localizedDescription)", file: url.path,
                underlying: error as NSError)
        }
    }

    /// A number field: `nil` when absent or not a number (a wrong type is skipped, as Xcode would not write it).
    private static func number(_ value: Any?) -> Double? {
        switch value {
        case let value as Double: value
        case let value as Int: Double(value)
        case let value as NSNumber: value.doubleValue
        case let value as String: Double(value)
        default: nil
        }
    }
}
