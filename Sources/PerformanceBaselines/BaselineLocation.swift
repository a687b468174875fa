import Foundation

/// Where baselines are kept: a store folder of ours (``BaselineStore``), or Xcode's `.xcbaseline` folder
/// (``XcodeBaselineFolder``), told apart by the name's extension. Every command reads and writes baselines here.
public struct BaselineLocation: Sendable {
    /// The two kinds of folder.
    public enum Kind: Sendable {
        /// Our store: one JSON file per machine.
        case store
        /// Xcode's `.xcbaseline` folder.
        case xcode
    }

    /// The folder.
    public let url: URL
    /// Its kind.
    public let kind: Kind

    /// A location at `url`: Xcode's when its name ends in `.xcbaseline`, else a store.
    public init(url: URL) {
        self.url = url
        kind = url.pathExtension == "xcbaseline" ? .xcode : .store
    }

    /// Every machine's baselines there (none when the folder does not exist).
    public func load() throws -> [MachineBaselines] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        switch kind {
        case .store: return try BaselineStore(folder: url).allMachines()
        case .xcode: return try XcodeBaselineFolder.read(url)
        }
    }

    /// Writes one machine's baselines, replacing what was there for that machine.
    public func save(_ baselines: MachineBaselines) throws {
        switch kind {
        case .store: try BaselineStore(folder: url).write(baselines)
        case .xcode: try XcodeBaselineFolder.write([baselines], to: url)
        }
    }
}

/// Baselines loaded from a location, looked up by machine.
public struct BaselineCatalog: Sendable {
    /// Every machine's baselines.
    public let machines: [MachineBaselines]

    /// A catalog of `machines`.
    public init(_ machines: [MachineBaselines]) { self.machines = machines }

    /// The baselines of exactly `machine`, when there are any (never for a machine that is not known).
    public func baselines(for machine: MachineConfiguration) -> MachineBaselines? {
        guard machine.isKnown else { return nil }
        return machines.first { $0.machine == machine }
    }
}

extension BaselineLocation {
    /// The environment variable `record` sets to the baselines it uses, so the test process (the recorder
    /// library's `measure`) judges against the same ones.
    public static let environmentVariable = "RESULTBUNDLE_BASELINES"
    /// The environment variable `record` sets to `--machine-label`.
    public static let labelEnvironmentVariable = "RESULTBUNDLE_MACHINE_LABEL"

    /// The location a test process uses: the one `record` passed down, else `PerformanceBaselines/` in the current
    /// folder (the package root under `swift test`) when it exists.
    public static func forTestProcess(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> BaselineLocation?
    {
        if let path = environment[environmentVariable], !path.isEmpty {
            return BaselineLocation(url: URL(fileURLWithPath: path))
        }
        let fallback = URL(fileURLWithPath: BaselineStore.defaultFolderName)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: fallback.path, isDirectory: &isFolder), isFolder.boolValue
        else { return nil }
        return BaselineLocation(url: fallback)
    }
}
