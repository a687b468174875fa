/// One run of a test command: what ran, where, on what, when, and how it ended.
///
/// A bundle holds one or more runs (shards and configurations joined by `merge`). Runs are written in two parts:
/// this record when the run starts, and a ``RunEnd`` when it ends; a run without an end was interrupted.
public struct RunRecord: Sendable, Codable, Hashable {
    /// A name for the run or configuration (`linux-debug`, the `--name` given to `record`).
    public var name: String?
    /// The tool that wrote the run (`resultbundle 0.1.0`).
    public var producer: String
    /// Where the results came from: `record`, `import:xctest`, `import:junit`, `recorder`, ...
    public var source: String
    /// The command line that ran the tests, when known.
    public var command: [String]
    /// The working directory of the command, when known.
    public var workingDirectory: String?
    /// When the run started, in seconds since 1970.
    public var start: Double?
    /// The machine it ran on.
    public var host: HostInfo
    /// The Swift toolchain (or other runtime) version line, when known.
    public var toolchain: String?
    /// CI context and other tags (`ci.provider`, `vcs.commit`, `vcs.branch`, `ci.jobURL`, ...).
    public var environment: [NameValue]
    /// Input files the run was imported from, when imported.
    public var inputs: [String]
    /// Whether the run was made from a git working tree with uncommitted changes (format 1.4; nil when not known,
    /// outside a repository or from an older producer). Such a run has the commit of a clean run without being
    /// one, so a history leaves it out of its flaky detection.
    public var hasUncommittedChanges: Bool? = nil
    /// The SHA-256 (lowercase hexadecimal) of those changes, as `git diff HEAD --binary` and the list of untracked
    /// files show them (format 1.4): two runs with the same changes have the same hash.
    public var uncommittedChangesHash: String? = nil

    /// Creates a run record.
    public init(
        name: String? = nil,
        producer: String,
        source: String,
        command: [String] = [],
        workingDirectory: String? = nil,
        start: Double? = nil,
        host: HostInfo = HostInfo(),
        toolchain: String? = nil,
        environment: [NameValue] = [],
        inputs: [String] = [],
        hasUncommittedChanges: Bool? = nil,
        uncommittedChangesHash: String? = nil
    ) {
        self.name = name
        self.producer = producer
        self.source = source
        self.command = command
        self.workingDirectory = workingDirectory
        self.start = start
        self.host = host
        self.toolchain = toolchain
        self.environment = environment
        self.inputs = inputs
        self.hasUncommittedChanges = hasUncommittedChanges
        self.uncommittedChangesHash = uncommittedChangesHash
    }

    /// The value of an environment tag, when present.
    public func environmentValue(_ name: String) -> String? {
        environment.first { $0.name == name }?.value
    }
}

/// How a run ended.
public struct RunEnd: Sendable, Codable, Hashable {
    /// When the run ended, in seconds since 1970.
    public var end: Double?
    /// The test command's exit code, when it ran as a process.
    public var exitCode: Int32?
    /// The run's whole console output.
    public var output: CapturedOutput?
    /// Problems noticed while reading the input (mismatched summary lines, unparsable lines).
    public var diagnostics: [Diagnostic]
    /// Counts the runner printed in its own summary lines, for cross-checking (`xctest.executed` = 5, ...).
    public var reportedCounts: [String: Int]
    /// The signal that cancelled the run (`SIGTERM`), when `record` received one and passed it on to the test
    /// command; the run's tests end there. Format 1.1.
    public var interruption: String?
    /// How long the run's tests took by the clock, in seconds: what the runner said (swift-testing's `Test run
    /// with 164 tests passed after 0.435 seconds`, the event stream's `runStarted` to `runEnded`, XCTest's `All
    /// tests` line), else the span the tests' own starts and durations cover. Tests that run in parallel make the
    /// sum of their durations far longer than this. Format 1.4.
    public var wallClock: Double?
    /// The source files the run's issues point into, each with the SHA-256 of its contents when the run was
    /// recorded, so a report made later can tell an excerpt of the file as it was from one of a changed file.
    /// Format 1.4.
    public var sources: [SourceFileHash]?
    /// When the run's tests started by the inputs' own clocks (the earliest start a test or suite of the inputs
    /// gives), for an imported run, whose start (``RunRecord/start``) is the time of the import. Format 1.5.
    public var testsStarted: Double?
    /// The machines the inputs say the tests ran on (JUnit suites' `hostname`, TRX's `computerName`), each once, in
    /// the order met, at most 16; for an imported run, whose own host is the importing machine or unknown.
    /// Format 1.5.
    public var hosts: [String]?

    /// Creates a run end.
    public init(
        end: Double? = nil,
        exitCode: Int32? = nil,
        output: CapturedOutput? = nil,
        diagnostics: [Diagnostic] = [],
        reportedCounts: [String: Int] = [:],
        interruption: String? = nil,
        wallClock: Double? = nil,
        sources: [SourceFileHash]? = nil,
        testsStarted: Double? = nil,
        hosts: [String]? = nil
    ) {
        self.end = end
        self.exitCode = exitCode
        self.output = output
        self.diagnostics = diagnostics
        self.reportedCounts = reportedCounts
        self.interruption = interruption
        self.wallClock = wallClock
        self.sources = sources
        self.testsStarted = testsStarted
        self.hosts = hosts
    }
}

/// The machine a run happened on. Every field is optional because imported files rarely say.
public struct HostInfo: Sendable, Codable, Hashable {
    /// The host name.
    public var hostname: String?
    /// The operating system name and version (`Debian GNU/Linux 12 (bookworm)`).
    public var operatingSystem: String?
    /// The kernel version (`6.1.0-18-amd64`).
    public var kernel: String?
    /// The CPU architecture (`x86_64`).
    public var architecture: String?
    /// The CPU model name.
    public var cpuModel: String?
    /// Logical CPU count.
    public var cpuCount: Int?
    /// Physical memory in bytes.
    public var memoryBytes: Int64?

    /// Creates host information.
    public init(
        hostname: String? = nil,
        operatingSystem: String? = nil,
        kernel: String? = nil,
        architecture: String? = nil,
        cpuModel: String? = nil,
        cpuCount: Int? = nil,
        memoryBytes: Int64? = nil
    ) {
        self.hostname = hostname
        self.operatingSystem = operatingSystem
        self.kernel = kernel
        self.architecture = architecture
        self.cpuModel = cpuModel
        self.cpuCount = cpuCount
        self.memoryBytes = memoryBytes
    }
}

/// A non-fatal problem found while reading an input, with where it was.
public struct Diagnostic: Sendable, Codable, Hashable, CustomStringConvertible {
    /// How serious it is.
    public enum Severity: String, Sendable, Codable, Hashable {
        /// Information.
        case note
        /// Something is probably wrong with the input or the results.
        case warning
        /// Part of the input could not be used.
        case error
    }

    /// How serious it is.
    public var severity: Severity
    /// What is wrong, in a sentence.
    public var message: String
    /// The input file, when known.
    public var file: String?
    /// The 1-based line in the input, when known.
    public var line: Int?
    /// The byte offset in the input, when known.
    public var byteOffset: Int64?

    /// Creates a diagnostic.
    public init(
        severity: Severity,
        message: String,
        file: String? = nil,
        line: Int? = nil,
        byteOffset: Int64? = nil
    ) {
        self.severity = severity
        self.message = message
        self.file = file
        self.line = line
        self.byteOffset = byteOffset
    }

    /// `file:line: severity: message`.
    public var description: String {
        var place = file ?? "<input>"
        if let line { place += ":\(line)" }
        if let byteOffset { place += " (byte \(byteOffset))" }
        return "\(place): \(severity.rawValue): \(message)"
    }
}
