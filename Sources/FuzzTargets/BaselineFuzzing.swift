import Foundation
import PerformanceBaselines

/// Targets for the baselines a repository carries: Xcode's `.xcbaseline` property lists and our store's files.
/// Each reads the input as the commands do, then writes what it read back into a scratch folder, so the writers
/// meet what a hostile file can make the readers return.
enum BaselineFuzzing {
    /// A fixed run destination, so the input is also read as that destination's baselines.
    static let destination = "3F5A9E0D-2B6C-4D1E-9A7F-8C2E1B4D6A90"

    /// A property list: checked and decoded alone, then read as an `.xcbaseline` folder's `Info.plist` and as a
    /// destination's `<UUID>.plist`, and written back.
    static func propertyList(_ input: UnsafeRawBufferPointer) {
        _ = try? XcodeBaselineFolder.propertyList(Data(input), file: "input.plist")
        guard let scratch = ScratchInput.write(input, named: "baseline-input.plist")?.deletingLastPathComponent()
        else { return }
        let asInfo = scratch.appendingPathComponent("info.xcbaseline")
        let asDestination = scratch.appendingPathComponent("destination.xcbaseline")
        let info = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>runDestinationsByUUID</key><dict><key>\(destination)</key><dict>
            <key>localComputer</key><dict><key>cpuKind</key><string>fuzz</string><key>cpuCount</key><integer>1</integer>
            <key>logicalCPUCoresPerPackage</key><integer>2</integer></dict>
            <key>targetArchitecture</key><string>arm64</string></dict></dict></dict></plist>
            """
        do {
            for folder in [asInfo, asDestination] {
                try? FileManager.default.removeItem(at: folder)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            try Data(input).write(to: asInfo.appendingPathComponent("Info.plist"))
            try Data(info.utf8).write(to: asDestination.appendingPathComponent("Info.plist"))
            try Data(input).write(to: asDestination.appendingPathComponent(destination + ".plist"))
        } catch {
            return
        }
        for folder in [asInfo, asDestination] {
            guard let machines = try? XcodeBaselineFolder.read(folder) else { continue }
            try? XcodeBaselineFolder.write(machines, to: folder)
            _ = try? XcodeBaselineFolder.read(folder)
        }
    }

    /// A store's JSON file: read among the store's files, and each machine written back.
    static func store(_ input: UnsafeRawBufferPointer) {
        guard let scratch = ScratchInput.write(input, named: "baseline-input.json")?.deletingLastPathComponent()
        else { return }
        let folder = scratch.appendingPathComponent("store")
        try? FileManager.default.removeItem(at: folder)
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
            (try? Data(input).write(to: folder.appendingPathComponent("machine.json"))) != nil
        else { return }
        let store = BaselineStore(folder: folder)
        guard let machines = try? store.allMachines() else { return }
        for machine in machines {
            _ = machine.machine.key
            try? store.write(machine)
        }
        _ = try? store.allMachines()
    }
}
