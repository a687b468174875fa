import Foundation
import ResultImport
import ResultSupport
import TerminalEmulation

/// Turns any error a command meets into the one sentence and the exit code the user sees (README's table), as
/// ArgumentParser's `MessageInfo` does for usage errors: the path the user named (not the temporary name beside
/// it), the error number's meaning, and never Foundation's `Error Domain=…` text or a `DecodingError`'s debug
/// description. Commands do not catch errors to classify them: they throw, and `runMain` asks this one place.
///
/// Exit codes follow what failed, the same in every command: 1 when an output could not be written (the work was
/// done, or could have been, but a write failed), 2 when an input could not be read or was not what the command
/// needs, or an output was refused.
enum ErrorReport {
    /// What the user is shown of an error: one sentence, and the code the process exits with.
    struct Shown {
        let message: String
        let exitCode: Int32
    }

    static func shown(_ error: any Error) -> Shown {
        switch error {
        case let error as DecodingError:
            return Shown(message: describe(error), exitCode: 2)
        case let error as any PlacedError:
            return Shown(message: userPaths(error.description), exitCode: exitCode(of: error))
        default:
            let ns = error as NSError
            if ns.domain == NSCocoaErrorDomain { return fromCocoa(ns) }
            if ns.domain == NSPOSIXErrorDomain {
                return Shown(message: String(cString: strerror(Int32(ns.code))), exitCode: 1)
            }
            return Shown(message: userPaths("\(error)"), exitCode: 1)
        }
    }

    /// 1 when the error, or the chain of its causes, is a failed write; 2 otherwise. An import or a terminal only
    /// reads (writing keys to a program is its input), so their errors are always 2.
    static func exitCode(of error: any PlacedError) -> Int32 {
        if error is ImportError || error is TerminalEmulationError { return 2 }
        return isFailedWrite(error) ? 1 : 2
    }

    private static func isFailedWrite(_ error: any Error) -> Bool {
        switch error {
        case let call as SystemCallError: return call.isWrite
        case let placed as any PlacedError: return placed.cause.map(isFailedWrite) ?? false
        default: return isCocoaWrite(error as NSError)
        }
    }

    /// Foundation's write failures: `NSFileWriteUnknownError` (512) to `NSFileWriteVolumeReadOnlyError` (642); the
    /// read codes are below 512.
    private static func isCocoaWrite(_ error: NSError) -> Bool {
        error.domain == NSCocoaErrorDomain
            && (CocoaError.fileWriteUnknown.rawValue...CocoaError.fileWriteVolumeReadOnly.rawValue).contains(error.code)
    }

    private static func fromCocoa(_ error: NSError) -> Shown {
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
        let isWrite = isCocoaWrite(error)
        let verb = isWrite ? "cannot write" : "cannot read"
        return Shown(message: "\(verb) \(userPaths(path)): \(reason)", exitCode: isWrite ? 1 : 2)
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
