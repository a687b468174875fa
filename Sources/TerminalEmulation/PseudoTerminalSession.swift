import ResultSupport

#if canImport(Glibc)
    import Foundation
    import Glibc
    import ResultModel

    /// Runs a command in a pseudo-terminal of a fixed size and keeps an emulator of its screen up to date, so tests can
    /// type keys, wait for text, and take snapshots.
    ///
    /// The command starts as a session leader with the terminal as its controlling terminal and standard input, output
    /// and error (started with `posix_spawn`, not `fork`, which is not safe in a multithreaded process), with
    /// `TERM=xterm-256color` and the window size set. A background thread reads its output into a
    /// ``TerminalEmulator`` and a bounded copy of the raw bytes.
    ///
    /// Thread safety: every method may be called from any thread; state is guarded by a lock.
    public final class PseudoTerminalSession: @unchecked Sendable {
        /// The most raw output bytes kept (later bytes still reach the emulator).
        public static let rawOutputLimit = 16 * 1024 * 1024

        /// Width of the terminal.
        public let columns: Int
        /// Height of the terminal.
        public let rows: Int
        /// The command's process id.
        public let processIdentifier: pid_t

        private let master: Int32
        private let lock = NSLock()
        // Guarded by `lock`:
        private var emulator: TerminalEmulator
        private var raw: [UInt8] = []
        private var rawOutputWasTruncated = false
        private var lastOutput = Date()
        private let startTime = Date()
        /// Where each chunk of ``raw`` starts and when it arrived (seconds since the start).
        private var chunkTimes: [(offset: Int, time: Double)] = []
        private var status: Int32?
        private var hasReachedEndOfOutput = false
        private var isClosed = false
        private var isMasterClosed = false

        /// Starts `command` (its first element is looked up in `PATH`).
        /// - Parameters:
        ///   - command: the program and its arguments.
        ///   - columns: terminal width.
        ///   - rows: terminal height.
        ///   - environment: the environment; the current process's when nil. `TERM` is set to `xterm-256color` unless
        ///     given.
        ///   - workingDirectory: where the command runs; the current directory when nil.
        ///   - scrollbackLimit: lines the emulator keeps after they scroll away.
        /// - Throws: ``TerminalEmulationError`` with code `cannotStartCommand`.
        public init(
            command: [String], columns: Int = 80, rows: Int = 24, environment: [String: String]? = nil,
            workingDirectory: String? = nil, scrollbackLimit: Int = 10_000
        ) throws(TerminalEmulationError) {
            guard !command.isEmpty else {
                throw TerminalEmulationError(code: .cannotStartCommand, message: "the command is empty")
            }
            var command = command
            if let workingDirectory {
                // posix_spawn_file_actions_addchdir_np is not visible to Swift: change directory in a shell first.
                command = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", workingDirectory] + command
            }
            let program = command[0]
            self.columns = min(max(columns, 1), 4096)
            self.rows = min(max(rows, 1), 4096)
            emulator = TerminalEmulator(columns: self.columns, rows: self.rows, scrollbackLimit: scrollbackLimit)

            // posix_openpt/unlockpt/ptsname are not visible to Swift on Linux; these are their Linux equivalents.
            let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
            var unlock: Int32 = 0
            var number: UInt32 = 0
            guard master >= 0, ioctl(master, Self.setLock, &unlock) == 0, ioctl(master, Self.getNumber, &number) == 0
            else {
                let error = errno
                if master >= 0 { close(master) }
                throw TerminalEmulationError(
                    code: .cannotStartCommand, message: "cannot open a pseudo-terminal: \(Self.describe(error))",
                    systemError: error)
            }
            let slavePath = "/dev/pts/\(number)"
            // Hold the slave open until the child has it, so the master never sees a hang-up before the child starts.
            let slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
            var size = winsize(ws_row: UInt16(self.rows), ws_col: UInt16(self.columns), ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(slave >= 0 ? slave : master, UInt(TIOCSWINSZ), &size)
            defer { if slave >= 0 { close(slave) } }

            var variables = environment ?? ProcessInfo.processInfo.environment
            if variables["TERM"] == nil || environment == nil { variables["TERM"] = "xterm-256color" }
            variables["COLUMNS"] = nil
            variables["LINES"] = nil

            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            // POSIX_SPAWN_SETSID: a new session, so opening the terminal makes it the controlling terminal.
            var signals = sigset_t()
            sigemptyset(&signals)
            posix_spawnattr_setsigmask(&attributes, &signals)
            var defaults = sigset_t()
            sigemptyset(&defaults)
            for signal in [SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGCHLD, SIGHUP] { sigaddset(&defaults, signal) }
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setflags(
                &attributes, Int16(0x80 | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

            let argv = command.map { strdup($0) } + [nil]
            let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer {
                argv.forEach { free($0) }
                envp.forEach { free($0) }
            }
            var pid: pid_t = 0
            let result = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
            guard result == 0 else {
                close(master)
                throw TerminalEmulationError(
                    code: .cannotStartCommand, message: "cannot start \(program): \(Self.describe(result))",
                    systemError: result)
            }
            self.master = master
            processIdentifier = pid
            // The thread holds the session weakly, so dropping the last reference ends the program (see deinit).
            let thread = Thread { [weak self] in
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while let session = self, session.readStep(&buffer) {}
                while let session = self, session.reapStep() {}
            }
            thread.name = "PseudoTerminalSession reader"
            thread.start()
        }

        /// Kills the program if it still runs (call ``terminate(grace:)`` for a gentler end) and closes the terminal.
        deinit {
            if status == nil {
                kill(processIdentifier, SIGKILL)
                var value: Int32 = 0
                _ = waitpid(processIdentifier, &value, 0)
            }
            if !isMasterClosed { close(master) }
        }

        // MARK: Input

        /// Writes bytes to the program's terminal, as if typed.
        /// - Throws: ``TerminalEmulationError`` with code `cannotWrite` when the terminal is closed.
        public func send(_ bytes: [UInt8]) throws(TerminalEmulationError) {
            lock.lock()
            let isOpen = !isMasterClosed
            lock.unlock()
            guard isOpen else {
                throw TerminalEmulationError(
                    code: .cannotWrite, message: "the program has ended; its terminal is closed")
            }
            var offset = 0
            while offset < bytes.count {
                let written = POSIXFile.retryingInterrupts {
                    bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
                }
                if written < 0 {
                    let error = errno
                    if error == EAGAIN { continue }
                    throw TerminalEmulationError(
                        code: .cannotWrite, message: "cannot write to the terminal: \(Self.describe(error))",
                        systemError: error)
                }
                offset += written
            }
        }

        /// Types keys written in ``KeySequence`` notation, for example `"ls<Enter>"`.
        public func send(keys notation: String) throws(TerminalEmulationError) {
            try send(KeySequence(parsing: notation).bytes)
        }

        // MARK: Waiting

        /// Waits until the screen shows `text`; returns whether it did before `timeout` seconds.
        @discardableResult
        public func waitFor(text: String, timeout: Double = 10) -> Bool {
            waitUntil(timeout: timeout) { session in session.emulator.text.contains(text) }
        }

        /// Waits until no output came for `idle` seconds; returns false when `timeout` passed first.
        @discardableResult
        public func waitUntilIdle(idle: Double = 0.3, timeout: Double = 10) -> Bool {
            waitUntil(timeout: timeout) { session in
                Date().timeIntervalSince(session.lastOutput) >= idle || session.hasReachedEndOfOutput
            }
        }

        /// Waits for the program to end and its output to be read; returns its exit status, or nil on timeout.
        @discardableResult
        public func waitForExit(timeout: Double = 10) -> Int32? {
            _ = waitUntil(timeout: timeout) { session in session.status != nil && session.hasReachedEndOfOutput }
            return exitStatus
        }

        private func waitUntil(timeout: Double, _ condition: (PseudoTerminalSession) -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while true {
                lock.lock()
                let isMet = condition(self)
                lock.unlock()
                if isMet { return true }
                if Date() >= deadline { return false }
                usleep(10_000)
            }
        }

        // MARK: Reading the screen

        /// The screen now.
        public func snapshot(includeScrollback: Bool = false) -> TerminalSnapshot {
            lock.lock()
            defer { lock.unlock() }
            return emulator.snapshot(includeScrollback: includeScrollback)
        }

        /// The screen's text now (see ``TerminalEmulator/text``).
        public var text: String {
            lock.lock()
            defer { lock.unlock() }
            return emulator.text
        }

        /// A copy of the emulator now.
        public var currentEmulator: TerminalEmulator {
            lock.lock()
            defer { lock.unlock() }
            return emulator
        }

        /// Every byte the program wrote so far (the first ``rawOutputLimit`` bytes).
        public var rawOutput: [UInt8] {
            lock.lock()
            defer { lock.unlock() }
            return raw
        }

        /// The output so far as an asciicast v2 recording (the kept raw output, with the time each chunk arrived).
        /// - Complexity: O(n) in the raw output.
        public func asciicast(title: String? = nil) -> String {
            lock.lock()
            let bytes = raw
            let times = chunkTimes
            lock.unlock()
            var text = AsciicastWriter.header(
                width: columns, height: rows, timestamp: startTime.timeIntervalSince1970, title: title)
            var writer = AsciicastWriter()
            for (index, chunk) in times.enumerated() {
                let end = index + 1 < times.count ? times[index + 1].offset : bytes.count
                if let line = writer.outputEvent(time: chunk.time, bytes: bytes[chunk.offset..<end]) { text += line }
            }
            if let line = writer.finish(time: times.last?.time ?? 0) { text += line }
            return text
        }

        /// Whether the program wrote more than ``rawOutputLimit`` bytes.
        public var isRawOutputTruncated: Bool {
            lock.lock()
            defer { lock.unlock() }
            return rawOutputWasTruncated
        }

        /// The exit status once the program ended: its exit code, or 128 + the signal number that killed it.
        public var exitStatus: Int32? {
            lock.lock()
            defer { lock.unlock() }
            return status
        }

        // MARK: Ending

        /// Ends the program: SIGHUP and SIGTERM, then SIGKILL if it is still running after `grace` seconds.
        /// Sessions should be terminated (or waited for) when done; dropping the last reference kills the program.
        public func terminate(grace: Double = 1) {
            lock.lock()
            let isRunning = status == nil
            lock.unlock()
            if isRunning {
                kill(processIdentifier, SIGHUP)
                kill(processIdentifier, SIGTERM)
                if waitForExit(timeout: grace) == nil {
                    kill(processIdentifier, SIGKILL)
                    _ = waitForExit(timeout: 5)
                }
            }
            lock.lock()
            isClosed = true
            lock.unlock()
        }

        // MARK: The reader thread

        /// Reads what is available (waiting at most 50 ms); returns false at the end of the output or once closed.
        private func readStep(_ buffer: inout [UInt8]) -> Bool {
            lock.lock()
            let shouldStop = isClosed
            lock.unlock()
            if shouldStop { return endOfOutput() }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 50)
            guard ready > 0 else {
                reapIfExited(blocking: false)
                return true
            }
            let count = POSIXFile.retryingInterrupts {
                buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            }
            if count > 0 {
                lock.lock()
                buffer.withUnsafeBytes { emulator.feed(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                let room = Self.rawOutputLimit - raw.count
                if room > 0 { chunkTimes.append((raw.count, Date().timeIntervalSince(startTime))) }
                if room >= count {
                    raw += buffer[0..<count]
                } else {
                    raw += buffer[0..<max(room, 0)]
                    rawOutputWasTruncated = true
                }
                lastOutput = Date()
                lock.unlock()
                return true
            }
            if count < 0 && errno == EAGAIN { return true }
            return endOfOutput()  // EIO once every copy of the terminal is closed
        }

        private func endOfOutput() -> Bool {
            lock.lock()
            hasReachedEndOfOutput = true
            lock.unlock()
            return false
        }

        /// After the output ended: reaps the program; returns false once it has (and closes the terminal).
        private func reapStep() -> Bool {
            reapIfExited(blocking: false)
            lock.lock()
            let isDone = status != nil
            if isDone && !isMasterClosed {
                close(master)
                isMasterClosed = true
            }
            lock.unlock()
            if !isDone { usleep(10_000) }
            return !isDone
        }

        private func reapIfExited(blocking: Bool) {
            lock.lock()
            let known = status != nil
            lock.unlock()
            guard !known else { return }
            var value: Int32 = 0
            let result = waitpid(processIdentifier, &value, blocking ? 0 : WNOHANG)
            guard result == processIdentifier else { return }
            let signal = value & 0x7F
            let exit: Int32 = signal == 0 ? (value >> 8) & 0xFF : 128 + signal
            lock.lock()
            status = exit
            lock.unlock()
        }

        /// TIOCSPTLCK and TIOCGPTN (Linux ioctl requests built by macros Swift cannot import).
        private static let setLock = UInt(0x4004_5431)
        private static let getNumber = UInt(0x8004_5430)

        private static func describe(_ error: Int32) -> String {
            String(cString: strerror(error))
        }
    }
#endif
