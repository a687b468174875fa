import Foundation
import ResultSupport

/// A program started with `posix_spawn` as the leader of a new process group, with its standard output and error
/// going to given descriptors and standard input shared with ours.
///
/// Foundation's `Process` is not used for the test command because it learns that its child ended from a socket
/// the child inherits: a background process the command leaves behind inherits it too, and `waitUntilExit()`
/// then waits for that process instead.
struct SpawnedProcess {
    /// The process id, which is also its process group's id.
    let pid: pid_t

    /// Starts `arguments[0]` at `executable` with `arguments` and `environment`.
    static func spawn(
        executable: String, arguments: [String], environment: [String: String], standardOutput: Int32,
        standardError: Int32
    ) throws -> SpawnedProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, standardOutput, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, standardError, STDERR_FILENO)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)

        let argv = CStringArray(arguments)
        let envp = CStringArray(environment.map { "\($0.key)=\($0.value)" })
        defer {
            argv.free()
            envp.free()
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv.pointers, envp.pointers)
        guard result == 0 else {
            throw CLIError("cannot start \(executable): \(String(cString: strerror(result)))")
        }
        return SpawnedProcess(pid: pid)
    }

    /// Waits for the process to end; returns its exit code, or 128 + the signal that ended it.
    func waitForExit() -> Int32 {
        var status: Int32 = 0
        guard POSIXFile.retryingInterrupts({ waitpid(pid, &status, 0) }) >= 0 else { return 128 + SIGKILL }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}

/// A NULL-terminated array of C strings for `argv` and `envp`.
private struct CStringArray {
    let pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    func free() {
        for pointer in pointers { Foundation.free(pointer) }
    }
}
