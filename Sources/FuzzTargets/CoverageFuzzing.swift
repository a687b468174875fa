import Coverage
import Foundation

/// Targets for the coverage readers: the input is written to a scratch file and read as one format.
enum CoverageFuzzing {
    /// A file read by the coverage format `format`, through the importer's own entry point, with a source root that
    /// holds nothing (so paths are resolved but no file beside them exists), and the run's invariants checked.
    static func reading(_ input: UnsafeRawBufferPointer, as format: any CoverageFormat) {
        guard let file = ScratchInput.write(input, named: "coverage.\(format.name)"),
            let read = try? CoverageImporter.readFile(file.path, sourceRoot: "/fuzz-root", format: format)
        else { return }
        let run = CoverageRun(files: read.0)
        precondition(run.checkInvariants(), "the coverage read breaks the model's invariants")
        _ = run.totals
    }

    /// A unified diff read by `coverage diff`'s reader, its added lines measured against a run that has coverage
    /// for every file it names (so every changed line is walked), and the result's counts checked.
    static func unifiedDiff(_ input: UnsafeRawBufferPointer) {
        guard let diff = try? UnifiedDiffReader.read(Array(input), fileName: "fuzz.diff") else { return }
        let run = CoverageRun(
            files: diff.files.compactMap(\.newPath).map {
                SourceFileCoverage(path: $0, lines: (1...64).map { CoveredLine(line: $0, count: UInt64($0 % 3)) })
            })
        let coverage = DiffCoverage(run: run, diff: diff)
        precondition(coverage.files.allSatisfy { $0.linesHit <= $0.linesFound }, "more changed lines ran than exist")
    }
}
