import Foundation
import ResultSupport

/// Writes a run's coverage in one of the ``CoverageExportFormat``s.
///
/// Each writer reads the model only, so an export of an export reads back as the same run, as far as the format
/// carries it (docs/COVERAGE.md says what each one cannot).
public enum CoverageExporter {
    /// Writes `run` in `format` to a new file at `path` (created or truncated; the caller picks a temporary name
    /// and renames it into place).
    /// - Complexity: O(the run's entries); about a megabyte of output is held at a time.
    public static func write(
        _ run: CoverageRun, format: CoverageExportFormat, options: CoverageExportOptions, toFile path: String
    ) throws {
        let file: POSIXFile
        do {
            file = try POSIXFile.createReplacing(path)
        } catch {
            throw CoverageError(.unwritable, "cannot create: \(error.reason)", file: path, cause: error)
        }
        var output = ExportBuffer(file: file, path: path)
        do {
            try format.write(run, options: options, into: &output)
            try output.flush()
        } catch {
            try? file.close()
            throw error
        }
        do {
            try file.close()
        } catch {
            throw CoverageError(.unwritable, "cannot write: \(error.reason)", file: path, cause: error)
        }
    }

    /// `run` in `format`, as bytes.
    public static func bytes(
        _ run: CoverageRun, format: CoverageExportFormat, options: CoverageExportOptions = CoverageExportOptions()
    ) throws -> [UInt8] {
        var output = ExportBuffer()
        try format.write(run, options: options, into: &output)
        return output.bytes
    }
}
