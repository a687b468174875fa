import ResultImport
import ResultModel

/// What importing a list of files into one run found: the one loop `import` and `record --results` share.
struct FileImportResults {
    /// Files imported (whole, or up to where they broke).
    var importedFiles: [String] = []
    /// The formats the files were read as, each once, in the order first met.
    var formats: [ImportFormat] = []
    /// Files that could not be imported at all, each with its error.
    var failures: [String] = []
    /// Errors inside inputs that were imported up to where they broke (a cut-off or malformed file).
    var damage: [Diagnostic] = []
    /// Everything noticed, with places, including the failures.
    var diagnostics: [Diagnostic] = []
    /// Counts the runners printed about themselves, summed.
    var reportedCounts: [String: Int] = [:]
    /// The output outside any test of the first file that had some (console logs).
    var output: CapturedOutput?
    /// How long the files' runs took by the clock, added up; `nil` when a file that held tests did not say (a
    /// `swift test --parallel` log says nothing of its XCTest part): the others' time would make the run look
    /// shorter than it was.
    var wallClock: Double? { untimedTests ? nil : timedWallClock }
    private var timedWallClock: Double?
    private var untimedTests = false

    /// Imports `files` in order with `importer` (`format`: `auto` detects each file's); a file that is not test
    /// output, or cannot be read, is a failure and the others are still imported.
    static func importing(_ files: [String], format: ImportFormat, with importer: ResultImporter) throws
        -> FileImportResults
    {
        var results = FileImportResults()
        for file in files {
            do {
                let result = try importer.importFile(file, format: format)
                results.importedFiles.append(file)
                if !results.formats.contains(result.format) { results.formats.append(result.format) }
                results.diagnostics += result.diagnostics
                results.damage += result.diagnostics.filter { $0.severity == .error }
                results.reportedCounts.merge(result.reportedCounts) { $0 + $1 }
                if results.output == nil { results.output = result.output }
                if let wallClock = result.wallClock {
                    results.timedWallClock = (results.timedWallClock ?? 0) + wallClock
                } else if result.testCount > 0 {
                    results.untimedTests = true
                }
            } catch let error as ImportError {
                results.failures.append(error.description)
                results.diagnostics.append(
                    Diagnostic(severity: .error, message: error.message, file: file, line: error.line))
            }
        }
        return results
    }
}
