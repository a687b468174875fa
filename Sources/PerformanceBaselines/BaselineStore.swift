import Foundation

/// A folder of baselines kept with the source (`PerformanceBaselines/` at the package root by default): one JSON
/// file per machine configuration, named by its key (`<key>.json`), with sorted keys and one value per line so a
/// change reads well in a diff. Files are replaced through a temporary name and a rename, and only files that are
/// baseline files (ours) are ever replaced. docs/BASELINES.md describes the format; its JSON Schema is
/// `docs/schemas/baselines.schema.json`.
public struct BaselineStore: Sendable {
    /// The default folder's name, at the package root.
    public static let defaultFolderName = "PerformanceBaselines"

    /// The folder.
    public let folder: URL

    /// A store in `folder` (it need not exist yet).
    public init(folder: URL) { self.folder = folder }

    /// The file of `key`.
    public func file(for key: String) -> URL { folder.appendingPathComponent(key + ".json") }

    /// Every machine's baselines, ordered by file name.
    public func allMachines() throws -> [MachineBaselines] { try files().map(\.baselines) }

    /// Every file of the store with the baselines it holds, ordered by name.
    public func files() throws -> [(url: URL, baselines: MachineBaselines)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return try names.filter { $0.hasSuffix(".json") }.sorted().map { name in
            let url = folder.appendingPathComponent(name)
            return (url, try read(url))
        }
    }

    /// The baselines of `machine`, when the store has any.
    public func baselines(for machine: MachineConfiguration) throws -> MachineBaselines? {
        try files().first { $0.baselines.machine == machine }?.baselines
    }

    /// Writes `baselines` to the file that holds its machine (whatever its name: a store written by an older
    /// version may name it otherwise), or to a new file named by its key; a file with no baselines left is
    /// removed. A file of that name holding another machine is never replaced: that is an error naming both.
    public func write(_ baselines: MachineBaselines) throws {
        let existing = try files()
        let url = existing.first { $0.baselines.machine == baselines.machine }?.url ?? file(for: baselines.machine.key)
        if let other = existing.first(where: { $0.url == url && $0.baselines.machine != baselines.machine }) {
            throw BaselineError(
                .foreignFile,
                "holds the baselines of another machine with the same key (\(other.baselines.machine)); "
                    + "not replaced by those of \(baselines.machine). Give one of them another --machine-label",
                file: url.path)
        }
        if baselines.baselines.isEmpty {
            try? FileManager.default.removeItem(at: url)
            return
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Self.encode(baselines).write(to: url, options: .atomic)
        } catch {
            throw BaselineError(
                .io, "cannot write the baselines: \(error.localizedDescription)", file: url.path,
                underlying: error as NSError)
        }
    }

    /// The JSON of a file: sorted keys, one value per line, a final line break.
    public static func encode(_ baselines: MachineBaselines) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(baselines) + Data("\n".utf8)
    }

    /// Reads one file; an unreadable one, or one that is not a baseline file, is an error that names it.
    public func read(_ url: URL) throws -> MachineBaselines {
        try Self.checkRegularFile(url)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw BaselineError(.io, "cannot read the baselines: \(error.localizedDescription)", file: url.path)
        }
        do {
            let baselines = try JSONDecoder().decode(MachineBaselines.self, from: data)
            guard baselines.formatVersion <= MachineBaselines.currentFormatVersion else {
                throw BaselineError(
                    .malformed,
                    "written in baseline format \(baselines.formatVersion); this version reads up to "
                        + "\(MachineBaselines.currentFormatVersion)", file: url.path)
            }
            for entry in baselines.baselines { try entry.validate(file: url.path) }
            guard baselines.machine.logicalCores >= 0 else {
                throw BaselineError(
                    .malformed, "machine.logicalCores is \(baselines.machine.logicalCores); it must be at least 0",
                    file: url.path)
            }
            return baselines
        } catch let error as BaselineError {
            throw error
        } catch {
            throw BaselineError(
                .foreignFile, "not a baseline file (\(Self.describe(error))); it is left alone", file: url.path)
        }
    }

    /// The most bytes a baseline file or property list may have (a store of 100,000 baselines is about 30 MB).
    public static let maxFileBytes = 256 << 20

    /// Refuses anything but a regular file of at most ``maxFileBytes`` (a named pipe would never end).
    static func checkRegularFile(_ url: URL) throws {
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        guard let attributes, attributes[.type] as? FileAttributeType == .typeRegular else {
            throw BaselineError(.io, "not a regular file", file: url.path)
        }
        if let size = attributes[.size] as? Int, size > maxFileBytes {
            throw BaselineError(.io, "larger than \(maxFileBytes >> 20) MiB; not a baseline file", file: url.path)
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "no \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "a wrong value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.dataCorrupted(let context): context.debugDescription
        default: "\(error)"
        }
    }
}
