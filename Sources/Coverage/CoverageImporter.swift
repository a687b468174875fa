import Foundation
import ResultImport
import ResultModel
import ResultSupport

/// Reads coverage files of any registered format into one run, each file's format detected from its content.
///
/// Files are merged: hits of the same line summed, lines unioned. A file that cannot be read is an error
/// diagnostic and adds nothing; the others are still read.
public enum CoverageImporter {
    /// The coverage of the files at `paths`, with paths relative to `sourceRoot` (a folder; a relative one is taken
    /// from the current directory; nothing outside it is kept), and the problems found, each with its place.
    public static func read(paths: [String], sourceRoot: String) -> (CoverageRun, [Diagnostic]) {
        var run = CoverageRun()
        var diagnostics: [Diagnostic] = []
        for path in paths {
            do {
                let (files, found) = try readFile(path, sourceRoot: sourceRoot)
                run.merge(files)
                diagnostics += found
            } catch {
                diagnostics.append(Self.diagnostic(error, file: path))
            }
        }
        return (run, diagnostics)
    }

    /// The coverage of one file, in the format named (or detected when `format` is `nil`), with its warnings.
    public static func readFile(
        _ path: String, sourceRoot: String, format: (any CoverageFormat)? = nil
    ) throws -> ([SourceFileCoverage], [Diagnostic]) {
        let file: POSIXFile
        do {
            file = try POSIXFile.open(path, O_RDONLY)
        } catch {
            throw CoverageError(.unreadable, "cannot open: \(error.reason)", file: path, cause: error)
        }
        defer { try? file.close() }
        let prefix = try readPrefix(file, path: path, count: 64 << 10)
        let reader = try format ?? CoverageFormatRegistry.detect(FormatProbe(prefix: prefix, fileName: path))
        let context = CoverageInputContext(fileName: path, sourceRoot: sourceRoot)
        context.sumsRepeatedEntries = reader.sumsRepeatedLines
        try reader.read(.stream(descriptor: file.descriptor, prefix: prefix), into: context)
        let files = context.finish()
        return (files, context.diagnostics)
    }

    private static func readPrefix(_ file: POSIXFile, path: String, count: Int) throws -> [UInt8] {
        do {
            return try file.readPrefix(upTo: count)
        } catch {
            throw CoverageError(.unreadable, "read failed: \(error.reason)", file: path, cause: error)
        }
    }

    /// An error of any reader as an error diagnostic with its place.
    static func diagnostic(_ error: any Error, file: String) -> Diagnostic {
        let message: String
        var place = ErrorPlace(file: file)
        switch error {
        case let error as CoverageError:
            message = error.message
            place = error.place
        case let error as ImportError:
            message = error.message
            place = error.place
        case let error as JSONReadError:
            message = error.message
            place = ErrorPlace(file: file, line: error.line, column: error.column, byteOffset: Int64(error.byteOffset))
        default:
            message = "\(error)"
        }
        return Diagnostic(
            severity: .error, message: "\(message); nothing of this file is used", file: place.file ?? file,
            line: place.line, byteOffset: place.byteOffset)
    }
}
