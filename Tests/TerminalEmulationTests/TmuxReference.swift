import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Renders byte streams with a real tmux, the reference our emulator is compared against.
///
/// Starts its own tmux server on a private socket (`tmux -L`), one detached session per stream at the stream's
/// size with the status line off, runs `stty -onlcr; cat FILE` in the pane, waits for the pane to settle, and
/// reads the screen with `capture-pane -p`. ``shutDown()`` kills the server.
final class TmuxReference {
    /// The tmux binary, when installed.
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/tmux" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }()

    /// `tmux -V` of the installed tmux, for example `tmux 3.3a`.
    var version: String {
        ((try? run(["-V"])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private let executable: String
    private let socket = "rb-terminal-tests-\(UUID().uuidString.prefix(8))"
    private let configuration: URL

    /// Starts nothing yet; returns nil when tmux is missing.
    init?() throws {
        guard let executable = Self.executable else { return nil }
        self.executable = executable
        configuration = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).conf")
        try """
        set -g status off
        set -g history-limit 100
        set -g remain-on-exit off
        set -g default-terminal screen

        """.write(to: configuration, atomically: true, encoding: .utf8)
    }

    /// The screens of the streams in `files`, each rendered at its own size, in the same order: the text
    /// (`capture-pane -p`) and the text with SGR sequences for colors and attributes (`capture-pane -p -e`).
    func render(_ files: [(url: URL, columns: Int, rows: Int)]) throws -> [(text: String, styled: String)] {
        for (index, file) in files.enumerated() {
            let command = "stty -onlcr -echo; cat '\(file.url.path)'; tmux wait-for -S \(socket)-\(index); sleep 120"
            try run([
                "-f", configuration.path, "new-session", "-d", "-s", "s\(index)", "-x", "\(file.columns)",
                "-y", "\(file.rows)", command,
            ])
        }
        var screens: [(text: String, styled: String)] = []
        for index in files.indices {
            try run(["wait-for", "\(socket)-\(index)"], timeout: 20)
            var previous = try capture(index)
            for _ in 0..<40 {
                Thread.sleep(forTimeInterval: 0.05)
                let current = try capture(index)
                if current == previous { break }
                previous = current
            }
            let size = try run(["display-message", "-p", "-t", "s\(index)", "#{pane_width}x#{pane_height}"])
            let expected = "\(files[index].columns)x\(files[index].rows)"
            guard size.trimmingCharacters(in: .whitespacesAndNewlines) == expected else {
                throw TmuxError(message: "pane is \(size) instead of \(expected)")
            }
            screens.append((previous, try capture(index, withEscapes: true)))
        }
        return screens
    }

    /// Kills the server and removes the configuration file.
    func shutDown() {
        _ = try? run(["kill-server"])
        try? FileManager.default.removeItem(at: configuration)
    }

    private func capture(_ index: Int, withEscapes: Bool = false) throws -> String {
        var text = try run(["capture-pane", "-p"] + (withEscapes ? ["-e"] : []) + ["-t", "s\(index)"])
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// Runs tmux with the private socket (under `timeout`) and returns its standard output.
    @discardableResult
    private func run(_ arguments: [String], timeout: TimeInterval = 10) throws -> String {
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-\(UUID()).out")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outputFile) }
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C.UTF-8"
        environment.removeValue(forKey: "TMUX")
        let status = try spawnAndWait(
            ["/usr/bin/timeout", "\(Int(timeout))", executable, "-L", socket] + arguments,
            environment: environment, outputPath: outputFile.path)
        if status == 124 { throw TmuxError(message: "tmux \(arguments) timed out") }
        return String(decoding: try Data(contentsOf: outputFile), as: UTF8.self)
    }
}

/// Runs a program with stdin from /dev/null and stdout to a file, and returns its exit status.
///
/// (posix_spawn and waitpid, because Foundation's `Process.waitUntilExit` can hang inside the test runner.)
func spawnAndWait(_ arguments: [String], environment: [String: String], outputPath: String) throws -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
    guard result == 0 else { throw TmuxError(message: "cannot start \(arguments[0]): error \(result)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
}

/// A failure driving tmux.
struct TmuxError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
