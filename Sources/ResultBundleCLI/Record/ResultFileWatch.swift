import Foundation
import ResultSupport

/// The result files a test command writes at the places `--results` names: what was there before the command ran
/// is noted, and only files written or changed during the run are picked up, so a report left from an earlier run
/// is never imported as this one's.
struct ResultFileWatch {
    let places: [ResultFilePlace]

    /// What identifies one version of a file: written again, one of these changes.
    struct Version: Equatable {
        var modified: Date?
        var size: Int?
        var inode: Int?
    }

    /// A file at one of the places; `isFound` when it was found by searching a folder rather than named.
    struct Found: Equatable {
        var path: String
        var isFound: Bool
    }

    /// Every file at the places now, with its version.
    func snapshot() -> [String: Version] {
        var files: [String: Version] = [:]
        for place in places {
            for file in Self.files(at: place) { files[file.path] = Self.version(of: file.path) }
        }
        return files
    }

    /// The files at the places that are new or changed since `before`, in the order of the places (each folder's
    /// files sorted by path), each once.
    func writtenFiles(since before: [String: Version]) -> [Found] {
        var seen: Set<String> = []
        var written: [Found] = []
        for place in places {
            for file in Self.files(at: place) where !seen.contains(file.path) {
                seen.insert(file.path)
                guard let version = Self.version(of: file.path), before[file.path] != version else { continue }
                written.append(file)
            }
        }
        return written
    }

    /// The regular files a place holds: the file itself, a folder's JUnit XML and event streams (`.xml`, `.jsonl`,
    /// at any depth; Surefire's `.txt` summaries are not results), or a glob's matches (a matched folder is
    /// searched like a named one).
    static func files(at place: ResultFilePlace) -> [Found] {
        switch place.kind {
        case .file:
            return isRegularFile(place.path) ? [Found(path: place.path, isFound: false)] : []
        case .folder:
            return resultFiles(inFolder: place.path)
        case .glob:
            return PathLookup.matches(of: place.path).flatMap { path -> [Found] in
                if isRegularFile(path) { return [Found(path: path, isFound: false)] }
                return resultFiles(inFolder: path)
            }
        }
    }

    private static func resultFiles(inFolder folder: String) -> [Found] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".xml") || relative.hasSuffix(".jsonl") else { continue }
            let path = (folder as NSString).appendingPathComponent(relative)
            if isRegularFile(path) { found.append(path) }
        }
        return found.sorted().map { Found(path: $0, isFound: true) }
    }

    private static func isRegularFile(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
    }

    private static func version(of path: String) -> Version? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        return Version(
            modified: attributes[.modificationDate] as? Date, size: (attributes[.size] as? NSNumber)?.intValue,
            inode: (attributes[.systemFileNumber] as? NSNumber)?.intValue)
    }
}
