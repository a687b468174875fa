import Foundation
import HTMLReport
import JUnitExport
import ResultBundle
import ResultImport
import TerminalEmulation

/// Turns any error a command meets into the one sentence and the exit code the user sees (README's table): the
/// path the user named (not the temporary name beside it), the error number's meaning, and never Foundation's
/// `Error Domain=…` text or a `DecodingError`'s debug description.
///
/// Exit codes follow what failed, the same in every command: 1 when an output could not be written (the work was
/// done, or could have been, but a write failed), 2 when an input could not be read or was not what the command
/// needs.
enum ErrorReport {
    static func cliError(_ error: any Error) -> CLIError {
        switch error {
        case let error as CLIError:
            return CLIError(userPaths(error.description), exitCode: error.exitCode)
        case let error as DecodingError:
            return CLIError(describe(error), exitCode: 2)
        case let error as ImportError:
            return CLIError(userPaths(error.description), exitCode: 2)
        case let error as TerminalEmulationError:
            return CLIError(userPaths("\(error)"), exitCode: 2)
        case let error as BundleError:
            return fromMessage(error.description)
        case let error as ReportError:
            return fromMessage(error.description)
        case let error as JUnitExportError:
            return fromMessage(error.description)
        default:
            let ns = error as NSError
            if ns.domain == NSCocoaErrorDomain { return fromCocoa(ns) }
            if ns.domain == NSPOSIXErrorDomain {
                return CLIError(String(cString: strerror(Int32(ns.code))), exitCode: 1)
            }
            return CLIError(userPaths("\(error)"), exitCode: 1)
        }
    }

    /// Messages of our own error types say what they tried; a failed write is exit 1, anything else 2.
    private static func fromMessage(_ message: String) -> CLIError {
        let writing = [
            "cannot create", "cannot write", "cannot rename", "cannot sync", "cannot close", "cannot remove",
        ]
        let isWrite = writing.contains { message.contains($0) }
        return CLIError(userPaths(message), exitCode: isWrite ? 1 : 2)
    }

    private static func fromCocoa(_ error: NSError) -> CLIError {
        let path =
            (error.userInfo[NSFilePathErrorKey] as? String) ?? (error.userInfo[NSURLErrorKey] as? URL)?.path
            ?? "a file"
        let reason: String
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            reason = String(cString: strerror(Int32(underlying.code)))
        } else {
            switch error.code {
            case CocoaError.fileNoSuchFile.rawValue, CocoaError.fileReadNoSuchFile.rawValue:
                reason = String(cString: strerror(ENOENT))
            case CocoaError.fileReadNoPermission.rawValue, CocoaError.fileWriteNoPermission.rawValue:
                reason = String(cString: strerror(EACCES))
            case CocoaError.fileWriteOutOfSpace.rawValue: reason = String(cString: strerror(ENOSPC))
            case CocoaError.fileWriteVolumeReadOnly.rawValue: reason = String(cString: strerror(EROFS))
            case CocoaError.fileWriteFileExists.rawValue: reason = String(cString: strerror(EEXIST))
            default: reason = "error \(error.code)"
            }
        }
        // NSFileReadUnknownError (256) to NSFileReadCorruptFileError (259) and the other read codes are below 512.
        let isWrite = (CocoaError.fileWriteUnknown.rawValue...CocoaError.fileWriteVolumeReadOnly.rawValue)
            .contains(error.code)
        let verb = isWrite ? "cannot write" : "cannot read"
        return CLIError("\(verb) \(userPaths(path)): \(reason)", exitCode: isWrite ? 1 : 2)
    }

    private static func describe(_ error: DecodingError) -> String {
        func place(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return path.isEmpty ? "" : " at `\(path)`"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "the data has no `\(key.stringValue)` field\(place(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "the data has a value of the wrong type\(place(context))"
        case .dataCorrupted(let context):
            return "the data is not valid\(place(context))"
        @unknown default:
            return "the data is not valid"
        }
    }

    /// `/out/.report.partial-123` → `/out/report`: the name the user gave, not our temporary one.
    static func userPaths(_ text: String) -> String {
        guard text.contains(".partial-") || text.contains(".old-") else { return text }
        let pattern = try? NSRegularExpression(pattern: #"(^|/)\.([^/\s:]+)\.(partial|old)-[0-9]+"#)
        let range = NSRange(text.startIndex..., in: text)
        return pattern?.stringByReplacingMatches(in: text, range: range, withTemplate: "$1$2") ?? text
    }
}
