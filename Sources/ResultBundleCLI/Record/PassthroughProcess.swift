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
/// called concurrently. A line longer than ``maximumLineLength`` is handed over in pieces.
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
    private let lock = NSLock()

    /// Creates a runner; `onLine` receives each line without its newline.
    init(
        executable: URL,
        arguments: [String],
        environment: [String: String],
        onLine: @escaping (ArraySlice<UInt8>, Stream) -> Void
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.onLine = onLine
    }

    /// Runs the command to completion and returns its exit code (128 + signal number when it was killed).
    func run() throws -> Int32 {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.standardInput
        try process.run()

        let readers = [
            startReader(output.fileHandleForReading.fileDescriptor, echoTo: STDOUT_FILENO, stream: .standardOutput),
            startReader(error.fileHandleForReading.fileDescriptor, echoTo: STDERR_FILENO, stream: .standardError),
        ]
        for reader in readers { reader.wait() }
        process.waitUntilExit()
        switch process.terminationReason {
        case .exit: return process.terminationStatus
        case .uncaughtSignal: return 128 + process.terminationStatus
        @unknown default: return process.terminationStatus
        }
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
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            buffer.withUnsafeBytes { writeAll(target, UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            pending.append(contentsOf: buffer[0..<count])
            var start = 0
            while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                deliver(pending[start..<newline], stream)
                start = newline + 1
            }
            if start > 0 { pending.removeFirst(start) }
            if pending.count >= Self.maximumLineLength {
                deliver(pending[...], stream)
                pending.removeAll(keepingCapacity: true)
            }
        }
        if !pending.isEmpty { deliver(pending[...], stream) }
    }

    private func deliver(_ line: ArraySlice<UInt8>, _ stream: Stream) {
        var line = line
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        lock.lock()
        defer { lock.unlock() }
        onLine(line, stream)
    }

    private func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
