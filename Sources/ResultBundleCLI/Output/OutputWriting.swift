import Foundation
import ResultSupport

/// Carries out an output's plan: the one way every command writes what it produces (docs/OUTPUTS.md).
enum OutputWriting {
    /// Produces an output with `body`, which writes a file (or, for a folder output, creates a folder) at the URL
    /// it is given. Replaced outputs are written beside their destination and renamed into place; standard output
    /// and devices get a finished copy from a private scratch folder, with every write checked.
    static func produce<T>(
        _ plan: OutputPlan, shape: OutputShape, command: String, _ body: (URL) throws -> T
    ) throws -> T {
        switch plan {
        case .replace(let destination):
            return try AtomicOutput.write(to: destination) { temporary in
                let result = try body(temporary)
                if shape == .folder {
                    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
                    try FolderMarker.write(into: temporary, command: command)
                }
                return result
            }
        case .standardOutput:
            return try throughScratch(body) {
                try CheckedWrite.copy($0, to: STDOUT_FILENO, named: StandardOutput.name)
            }
        case .writeThrough(let device):
            return try throughScratch(body) { scratch in
                try writeThrough(device) { try CheckedWrite.copy(scratch, to: $0, named: device.path) }
            }
        }
    }

    /// Prints a command's closing status line: on standard output, unless the output itself goes there.
    static func status(_ line: String, besides plan: OutputPlan) throws {
        let safe = TerminalText.escapingControls(line)
        if plan == .standardOutput { StandardError.print(safe) } else { try StandardOutput.line(safe) }
    }

    /// Writes bytes already in memory.
    static func write(_ data: Data, _ plan: OutputPlan) throws {
        switch plan {
        case .replace(let destination):
            try AtomicOutput.write(to: destination) { try data.write(to: $0) }
        case .standardOutput:
            try CheckedWrite.write(data, to: STDOUT_FILENO, named: StandardOutput.name)
        case .writeThrough(let device):
            try writeThrough(device) { try CheckedWrite.write(data, to: $0, named: device.path) }
        }
    }

    /// Opens a device or FIFO for writing (never creating, truncating or renaming anything) and closes it checked.
    private static func writeThrough(_ url: URL, _ body: (Int32) throws -> Void) throws {
        let device: POSIXFile
        do {
            device = try POSIXFile.open(url.path, O_WRONLY | O_NOCTTY)
        } catch {
            throw CLIError("cannot open \(url.path) for writing: \(error.reason)", cause: error)
        }
        do {
            try body(device.descriptor)
        } catch {
            try? device.close()
            throw error
        }
        try CheckedWrite.close(device.descriptor, named: url.path)
    }

    private static func throughScratch<T>(_ body: (URL) throws -> T, deliver: (URL) throws -> Void) throws -> T {
        let folder = try ScratchFolder.make(purpose: "output")
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("output")
        let result = try body(file)
        try deliver(file)
        return result
    }
}
