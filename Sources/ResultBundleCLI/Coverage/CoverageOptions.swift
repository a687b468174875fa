import ArgumentParser
import Foundation

/// `--coverage-file` and `--source-root`, shared by `import` and `record`: coverage files to add to the run,
/// and the folder their paths are taken relative to.
struct CoverageOptions: ParsableArguments {
    @Option(
        name: .customLong("coverage-file"),
        help: ArgumentHelp(
            "Code coverage to add to the run: a file, a folder (its coverage files) or a glob; repeatable. Any "
                + "format docs/COVERAGE.md lists, detected from the content.", valueName: "path"))
    var coverageFiles: [String] = []

    @Option(
        help: ArgumentHelp(
            "The folder coverage paths are taken relative to; coverage of files outside it is skipped with a "
                + "warning (default: the current folder).", valueName: "dir"))
    var sourceRoot: String?

    func validate() throws {
        if let sourceRoot {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: sourceRoot, isDirectory: &isFolder), isFolder.boolValue
            else {
                throw ValidationError(
                    "--source-root \(sourceRoot) is not a folder; name the folder the covered sources are in.")
            }
        }
    }

    /// The source root to use: the one given, else the current folder.
    var root: String { sourceRoot ?? FileManager.default.currentDirectoryPath }

    /// The places `--coverage-file` names.
    var places: [ResultFilePlace] { coverageFiles.map(ResultFilePlace.init(named:)) }
}
