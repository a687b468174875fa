import CSystemShims
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a command with its standard output and error passed through to ours unchanged and byte for byte, while
/// handing every complete line of each stream to a callback as it arrives.
///
/// Lines are handed over from two reader threads, one per stream, serialised by a lock, so the callback is never
/// called concurrently. A line longer than ``maximumLineLength`` is handed over in pieces. After the lines of each
/// read, `onChunkEnd` runs under the same lock: `record` writes the tests those lines ended there, before reading
/// more (a group commit).
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
    private let onLine: (ArraySlice<UInt8>, Stream) -> Void
    private let onChunkEnd: () -> Void
    private let signals: SignalForwarder
    private let lock = NSLock()

    /// Creates a runner; `onLine` receives each line without its newline.
    init(
        executable: URL,
        arguments: [String],
        environment: [String: String],
        signals: SignalForwarder,
        onLine: @escaping (ArraySlice<UInt8>, Stream) -> Void,
        onChunkEnd: @escaping () -> Void = {}
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.signals = signals
        self.onLine = onLine
        self.onChunkEnd = onChunkEnd
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
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var echoing = true
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            if echoing {
                echoing = buffer.withUnsafeBytes { writeAll(target, UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            }
            pending.append(contentsOf: buffer[0..<count])
            var start = 0
            lock.lock()
            while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                deliver(pending[start..<newline], stream)
                start = newline + 1
            }
            if start > 0 { pending.removeFirst(start) }
            if pending.count >= Self.maximumLineLength {
                deliver(pending[...], stream)
                pending.removeAll(keepingCapacity: true)
            }
            onChunkEnd()
            lock.unlock()
        }
        lock.lock()
        if !pending.isEmpty { deliver(pending[...], stream) }
        onChunkEnd()
        lock.unlock()
    }

    /// Hands one line to the callback; the caller holds the lock.
    private func deliver(_ line: ArraySlice<UInt8>, _ stream: Stream) {
        var line = line
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        onLine(line, stream)
    }

    /// Writes everything, or returns false when the reader went away (EPIPE) or the write failed otherwise.
    private func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}

/// A pipe for one of the command's output streams: the write end goes to the command, the read end stays here.
private final class OutputPipe {
    let readEnd: Int32
    private(set) var writeEnd: Int32

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw CLIError("cannot create a pipe: \(String(cString: strerror(errno)))") }
        // Neither end may leak into the command (posix_spawn's dup2 gives it its own copy of the write end).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        readEnd = ends[0]
        writeEnd = ends[1]
        // A bigger pipe: a fast command's output arrives in bigger reads, so each group commit holds more tests.
        _ = rb_set_pipe_size(writeEnd, 1 << 20)
    }

    func closeWriteEnd() {
        if writeEnd >= 0 { close(writeEnd) }
        writeEnd = -1
    }

    func closeReadEnd() { close(readEnd) }

    func closeBothEnds() {
        closeWriteEnd()
        closeReadEnd()
    }
}
