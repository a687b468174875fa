import CSystemShims
import Foundation
import ResultSupport

/// Runs a command with its standard output and error passed through to ours unchanged and byte for byte, while
/// handing every complete line of each stream to a callback as it arrives.
///
/// Lines are handed over from two reader threads, one per stream, serialised by `lock` (which the caller shares
/// with whatever else feeds the same parser and bundle), so the callback is never
/// called concurrently; a line's bytes are valid only during the call. A line longer than ``maximumLineLength`` is
/// handed over in pieces. After the lines of each read, `onChunkEnd` runs under the same lock: `record` starts
/// writing the tests those lines ended there (a group commit). Before a read that would wait for the command,
/// `onIdle` runs under the lock: `record` waits there until those tests are in the file, so they are on disk
/// whenever the command is quiet, and a fast command's next output is parsed while the last is compressed.
///
/// The command runs in its own process group. Signals `record` receives go to that group (``SignalForwarder``),
/// and whatever is left of the group when the command exits is ended, so nothing it started outlives `record`.
/// When our own standard output or error goes away (a reader such as `head` exited), echoing stops and the
/// recording goes on.
final class PassthroughProcess: @unchecked Sendable {
    /// Which stream a line came from.
    enum Stream: Sendable {
        case standardOutput
        case standardError
    }

    /// The longest line handed over in one piece.
    static let maximumLineLength = 16 << 20

    private let executable: URL
    private let arguments: [String]
    private let environment: [String: String]
    private let onLine: (UnsafeBufferPointer<UInt8>, Stream) -> Void
    private let onChunkEnd: () -> Void
    private let onIdle: () -> Void
    private let signals: SignalForwarder
    private let lock: NSLock

    /// Creates a runner; `onLine` receives each line without its newline.
    init(
        executable: URL,
        arguments: [String],
        environment: [String: String],
        signals: SignalForwarder,
        lock: NSLock,
        onLine: @escaping (UnsafeBufferPointer<UInt8>, Stream) -> Void,
        onChunkEnd: @escaping () -> Void = {},
        onIdle: @escaping () -> Void = {}
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.signals = signals
        self.lock = lock
        self.onLine = onLine
        self.onChunkEnd = onChunkEnd
        self.onIdle = onIdle
    }

    /// Runs the command to completion and returns its exit code (128 + signal number when it was killed).
    func run() throws -> Int32 {
        let output = try OutputPipe()
        let errors = try OutputPipe()
        let process: SpawnedProcess
        do {
            process = try SpawnedProcess.spawn(
                executable: executable.path, arguments: [executable.path] + arguments, environment: environment,
                standardOutput: output.writeEnd, standardError: errors.writeEnd)
        } catch {
            output.closeBothEnds()
            errors.closeBothEnds()
            throw error
        }
        output.closeWriteEnd()
        errors.closeWriteEnd()
        signals.forward(to: process.pid)

        let readers = [
            startReader(output.readEnd, echoTo: STDOUT_FILENO, stream: .standardOutput),
            startReader(errors.readEnd, echoTo: STDERR_FILENO, stream: .standardError),
        ]
        let exitCode = process.waitForExit()
        // Background processes the command left behind would keep the pipes open, and outlive us.
        signals.endGroup()
        for reader in readers { reader.wait() }
        output.closeReadEnd()
        errors.closeReadEnd()
        return exitCode
    }

    private func startReader(_ descriptor: Int32, echoTo target: Int32, stream: Stream) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            pump(descriptor, echoTo: target, stream: stream)
            done.signal()
        }
        thread.start()
        return done
    }

    private func pump(_ descriptor: Int32, echoTo target: Int32, stream: Stream) {
        // The buffer holds the unfinished line carried over from the last read, then what this read brought.
        var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readSize * 2, alignment: 16)
        defer { buffer.deallocate() }
        var carried = 0
        var echoing = true
        while true {
            if carried + Self.readSize > buffer.count {
                let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 16)
                larger.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[0..<carried]))
                buffer.deallocate()
                buffer = larger
            }
            if !POSIXFile(descriptor: descriptor, path: nil).hasInput {
                lock.lock()
                onIdle()
                lock.unlock()
            }
            let free = UnsafeMutableRawBufferPointer(start: buffer.baseAddress! + carried, count: Self.readSize)
            guard let count = try? POSIXFile(descriptor: descriptor, path: nil).readSome(into: free), count > 0
            else { break }
            if echoing {
                echoing = writeAll(target, UnsafeRawBufferPointer(rebasing: buffer[carried..<carried + count]))
            }
            let filled = carried + count
            lock.lock()
            var start = 0
            let bytes = UnsafeBufferPointer(buffer.bindMemory(to: UInt8.self))
            while let newline = Self.newline(in: bytes, from: start, to: filled) {
                deliver(UnsafeBufferPointer(rebasing: bytes[start..<newline]), stream)
                start = newline + 1
            }
            if filled - start >= Self.maximumLineLength {
                deliver(UnsafeBufferPointer(rebasing: bytes[start..<filled]), stream)
                start = filled
            }
            onChunkEnd()
            lock.unlock()
            carried = filled - start
            if carried > 0, start > 0 {
                buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: carried)
            }
        }
        lock.lock()
        if carried > 0 {
            deliver(
                UnsafeBufferPointer(rebasing: UnsafeBufferPointer(buffer.bindMemory(to: UInt8.self))[0..<carried]),
                stream)
        }
        onChunkEnd()
        onIdle()
        lock.unlock()
    }

    /// How much one read asks for (the pipe holds as much, see ``OutputPipe``).
    private static let readSize = 1 << 20

    /// The position of the first line feed in `bytes[from..<to]`.
    private static func newline(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard from < to, let found = memchr(bytes.baseAddress! + from, 0x0A, to - from) else { return nil }
        return bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Hands one line to the callback; the caller holds the lock.
    private func deliver(_ line: UnsafeBufferPointer<UInt8>, _ stream: Stream) {
        let trimmed = line.last == UInt8(ascii: "\r") ? UnsafeBufferPointer(rebasing: line.dropLast()) : line
        onLine(trimmed, stream)
    }

    /// Writes everything, or returns false when the reader went away (EPIPE) or the write failed otherwise.
    private func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        (try? POSIXFile(descriptor: descriptor, path: nil).write(bytes)) != nil
    }
}

/// A pipe for one of the command's output streams: the write end goes to the command, the read end stays here.
private final class OutputPipe {
    let readEnd: Int32
    private(set) var writeEnd: Int32

    init() throws {
        // Neither end may leak into the command (posix_spawn's dup2 gives it its own copy of the write end).
        let ends: (readEnd: POSIXFile, writeEnd: POSIXFile)
        do {
            ends = try POSIXFile.pipe()
        } catch {
            throw CLIError("cannot create a pipe: \(error.reason)")
        }
        readEnd = ends.readEnd.descriptor
        writeEnd = ends.writeEnd.descriptor
        // A bigger pipe: a fast command's output arrives in bigger reads, so each group commit holds more tests.
        _ = rb_set_pipe_size(writeEnd, 1 << 20)
    }

    func closeWriteEnd() {
        if writeEnd >= 0 { try? POSIXFile(descriptor: writeEnd, path: nil).close() }
        writeEnd = -1
    }

    func closeReadEnd() { try? POSIXFile(descriptor: readEnd, path: nil).close() }

    func closeBothEnds() {
        closeWriteEnd()
        closeReadEnd()
    }
}
