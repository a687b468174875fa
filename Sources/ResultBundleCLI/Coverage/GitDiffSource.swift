import Coverage
import Foundation
import ResultSupport

/// Where `coverage diff` gets its change: `git diff` against a base in the source root, or a unified diff on
/// standard input; and where the source root lies in the repository, to match the diff's paths to the coverage's.
enum GitDiffSource {
    /// `git diff --unified=0 BASE` run in `root`: the working tree against the base, with renames found and
    /// the user's diff settings (external tools, colours, other prefixes) set aside.
    static func diff(base: String, in root: String) throws -> UnifiedDiff {
        let arguments = [
            "-C", root, "-c", "core.quotePath=true", "diff", "--unified=0", "--no-color", "--no-ext-diff",
            "--find-renames", "--src-prefix=a/", "--dst-prefix=b/", base, "--",
        ]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CLIError("cannot run git (needed by --base): \(error.localizedDescription)")
        }
        // Standard error is read on another thread, so a git that fills it never blocks on us.
        let errorText = ErrorCollector(errors.fileHandleForReading)
        let diff: UnifiedDiff
        do {
            diff = try UnifiedDiffReader.read(
                descriptor: output.fileHandleForReading.fileDescriptor, fileName: "git diff \(base)")
        } catch {
            process.terminate()
            process.waitUntilExit()
            throw error
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let said = errorText.text().split(separator: "\n").first.map(String.init) ?? ""
            throw CLIError(
                "git diff \(base) failed in \(root) (exit \(process.terminationStatus))"
                    + (said.isEmpty ? "" : ": \(said)") + "; name a commit, branch or tag git knows there")
        }
        return diff
    }

    /// The unified diff in the file at `path`, or on standard input for `-`.
    static func read(diffFile path: String) throws -> UnifiedDiff {
        if path == "-" { return try UnifiedDiffReader.read(descriptor: STDIN_FILENO, fileName: "standard input") }
        let file: POSIXFile
        do {
            file = try POSIXFile.open(path, O_RDONLY)
        } catch {
            throw CLIError("cannot open the diff \(path): \(error.reason)", cause: error)
        }
        defer { try? file.close() }
        return try UnifiedDiffReader.read(descriptor: file.descriptor, fileName: path)
    }

    /// The source root's path inside its git repository (`""` at the top, else ending with `/`), or `""` when
    /// it is not in one (the diff's paths are then taken as relative to the root).
    static func pathPrefix(of root: String) -> String {
        ToolOutput.firstLine(["git", "-C", root, "rev-parse", "--show-prefix"]) ?? ""
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class ErrorCollector: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            // Only the first 64 KiB are kept: the message is its first line.
            while case let chunk = handle.availableData, !chunk.isEmpty {
                if data.count < 64 << 10 { data.append(chunk) }
            }
            done.signal()
        }
    }

    /// What was read, once the pipe has closed.
    func text() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
