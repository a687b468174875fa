import Foundation
import ResultSupport

/// Folders no output replaces, even with --force: the current directory and its ancestors, the home directory,
/// `/`, and any folder that holds one of the command's inputs.
struct ProtectedFolders {
    let inputs: [String]

    /// Why `folder` must not be replaced, or nil when it may be.
    func reason(for folder: URL) -> String? {
        let path = PathLookup.realPath(folder.path) ?? folder.path
        if path == "/" { return "the root folder" }
        let current = PathLookup.realPath(FileManager.default.currentDirectoryPath) ?? ""
        if path == current { return "the current directory" }
        if Self.isAncestor(path, of: current) { return "an ancestor of the current directory" }
        let home = PathLookup.realPath(NSHomeDirectory()) ?? NSHomeDirectory()
        if path == home { return "the home directory" }
        for input in inputs where input != "-" {
            let inputPath = PathLookup.realPath(input) ?? URL(fileURLWithPath: input).standardizedFileURL.path
            if Self.isAncestor(path, of: inputPath) { return "a folder that holds the input \(input)" }
        }
        return nil
    }

    private static func isAncestor(_ folder: String, of path: String) -> Bool {
        path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }
}
