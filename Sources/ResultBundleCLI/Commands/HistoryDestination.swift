import Foundation
import ResultSupport

/// Where `history add` writes: the file named, or the target of a symlink when it exists inside the link's own
/// folder (docs/OUTPUTS.md). A link to nothing is refused rather than followed: the history would be created
/// wherever the link points.
enum HistoryDestination {
    static func resolve(_ path: String) throws -> URL {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        guard PathEntry(url)?.kind == .symlink else { return url }
        guard let target = SymlinkTarget.resolve(url) else {
            throw CLIError(
                "\(path) is a symlink that cannot be resolved (a loop?); remove it or name the history file")
        }
        guard PathEntry(target) != nil else {
            throw CLIError(
                "\(path) is a symlink to \(target.path), which does not exist; history add does not create a file "
                    + "through a link: remove the link or name the history file itself")
        }
        let folder = SymlinkTarget.realFolder(of: url)
        guard target.path.hasPrefix(folder.path == "/" ? "/" : folder.path + "/") else {
            throw CLIError(
                "\(path) is a symlink to \(target.path), outside its folder; resultbundle never writes what a link "
                    + "points to elsewhere: name the history file itself")
        }
        return target
    }
}
