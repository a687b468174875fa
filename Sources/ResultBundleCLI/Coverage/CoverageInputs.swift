import Coverage
import Foundation
import ResultImport
import ResultSupport

/// Which inputs are code coverage: told from their content by the Coverage library's recognizers, as `import`
/// tells its test result formats apart.
enum CoverageInputs {
    /// Whether the file at `path` is coverage in a format the Coverage library reads (by its first 64 KiB).
    static func isCoverage(_ path: String) -> Bool {
        guard path != "-", let file = try? POSIXFile.open(path, O_RDONLY) else { return false }
        defer { try? file.close() }
        guard let prefix = try? file.readPrefix(upTo: 64 << 10) else { return false }
        return (try? CoverageFormatRegistry.detect(FormatProbe(prefix: prefix, fileName: path))) != nil
    }

    /// The files `--coverage-file` names: a file as it is (an error says so when it is not coverage), every
    /// coverage file under a folder, or the coverage files a glob matches, sorted.
    static func files(at place: ResultFilePlace) -> [String] {
        switch place.kind {
        case .file: return [place.path]
        case .glob: return PathLookup.matches(of: place.path).flatMap(filesUnder)
        case .folder: return filesUnder(place.path)
        }
    }

    /// `path` when it is a file, else the coverage files in the folder and its subfolders (symbolic links to
    /// folders are not followed, so a link loop cannot make the walk endless).
    private static func filesUnder(_ path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            return [path]
        }
        let root = URL(fileURLWithPath: path)
        guard
            let walk = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var found: [String] = []
        for case let url as URL in walk {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let relative = String(url.path.dropFirst(root.path.count).drop { $0 == "/" })
            let shown = (path as NSString).appendingPathComponent(relative)
            if isCoverage(shown) { found.append(shown) }
        }
        return found.sorted()
    }
}
