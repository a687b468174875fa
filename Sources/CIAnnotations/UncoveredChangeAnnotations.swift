import ResultSupport

/// Turns uncovered changed line ranges into warnings, capped so a large untested change does not bury the test
/// failures: at most ``maxPerFile`` ranges of each file (its first ones) and ``maxOverall`` in all, files in the
/// order given; what is left out is counted in one note that names the command listing every range.
public struct UncoveredChangeAnnotations: Sendable {
    /// The folder the coverage's relative paths are relative to (absolute); `nil` takes them as they are.
    public var sourceRoot: String?
    /// The most ranges annotated in one file.
    public var maxPerFile: Int
    /// The most ranges annotated in all.
    public var maxOverall: Int
    /// The ranges, file by file, each file's in ascending order.
    public var changes: [UncoveredChange]

    /// Creates the warnings' source.
    public init(changes: [UncoveredChange], sourceRoot: String?, maxPerFile: Int = 3, maxOverall: Int = 10) {
        self.changes = changes
        self.sourceRoot = sourceRoot
        self.maxPerFile = max(0, maxPerFile)
        self.maxOverall = max(0, maxOverall)
    }

    /// The warnings to write, their paths made relative to `root` (the repository root annotations use), and the
    /// note counting the ranges left out (`nil` when none was).
    public func warnings(root: String?) -> (warnings: [CoverageWarning], omitted: RunNote?) {
        let paths = SourcePaths(root: root)
        var warnings: [CoverageWarning] = []
        var perFile: [String: Int] = [:]
        var omittedRanges = 0
        var omittedFiles: Set<String> = []
        for change in changes {
            let shownInFile = perFile[change.file, default: 0]
            guard shownInFile < maxPerFile, warnings.count < maxOverall else {
                omittedRanges += 1
                omittedFiles.insert(change.file)
                continue
            }
            perFile[change.file] = shownInFile + 1
            let resolved = paths.resolve(
                AnnotationText.singleLine(change.file, limit: 4096), workingDirectory: sourceRoot)
            warnings.append(
                CoverageWarning(
                    file: resolved.path, relativeFile: resolved.relativePath, lines: change.lines,
                    title: "Changed lines not covered by tests", message: Self.message(for: change)))
        }
        guard omittedRanges > 0 else { return (warnings, nil) }
        let text =
            "\(omittedRanges) more uncovered changed " + (omittedRanges == 1 ? "range" : "ranges") + " in "
            + "\(omittedFiles.count) " + (omittedFiles.count == 1 ? "file" : "files")
            + " not annotated (at most \(maxPerFile) per file and \(maxOverall) in all); "
            + "resultbundle coverage diff lists every one"
        return (warnings, RunNote(kind: .uncoveredChangesOmitted, text: AnnotationText.singleLine(text)))
    }

    /// `Lines 12-15 did not run in the tests (3 of 8 changed lines in this file ran).`
    static func message(for change: UncoveredChange) -> String {
        let lines =
            change.lines.count == 1
            ? "Line \(change.lines.lowerBound) did not"
            : "Lines \(change.lines.lowerBound)-\(change.lines.upperBound) did not"
        let share =
            "\(change.fileLinesHit) of \(change.fileLinesFound) changed "
            + (change.fileLinesFound == 1 ? "line" : "lines") + " in this file ran"
        return AnnotationText.singleLine(lines + " run in the tests (" + share + ")")
    }
}
