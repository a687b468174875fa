import ResultModel
import ResultSupport

/// What a console log says about a test process that crashed, gathered line by line while a test runs:
///
/// - the Swift runtime's last words: `Fatal error: ...` or `Precondition failed: ...`, with the place it names
///   (`Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range`);
/// - the backtracer's `*** Program crashed: Illegal instruction at 0x... ***` (or `💣 Program crashed: ...`) and
///   the frames of the thread that crashed (`Thread 0 "main" crashed:`);
/// - SwiftPM's `error: Exited with signal code 4`, `... exited with unexpected signal code 4`;
/// - Xcode's `Restarting after unexpected exit, crash, or test timeout in X.y(); summary will include totals from
///   previous launches`.
///
/// The crash becomes one issue of kind `crash`: the fatal error's message, and as its location the place the fatal
/// error line names when that lies in the project, else the first frame of the crashed thread in the project's
/// own sources (``CrashFrame``); the other lines are its details.
struct CrashEvidence {
    /// The most frames of the crashed thread kept in the details.
    static let maxFrames = 32

    /// `Fatal error: Index out of range`.
    private(set) var fatalError: String?
    /// The place the fatal error line names, when it lies in the project's sources.
    private(set) var fatalLocation: SourceLocation?
    /// `Program crashed: Illegal instruction at 0x00007f39a396df7f`.
    private(set) var programCrashed: String?
    /// `exited with unexpected signal code 4`.
    private(set) var signal: String?
    /// Xcode's restart line, without its test name.
    private(set) var restart: String?
    /// The crashed thread's frames, as printed (trimmed).
    private(set) var frames: [String] = []
    /// The first frame of the crashed thread that lies in the project's sources.
    private(set) var projectFrame: SourceLocation?
    private var isReadingCrashedThread = false

    /// Whether any crash line was seen.
    var isEmpty: Bool { fatalError == nil && programCrashed == nil && signal == nil && restart == nil }

    /// Whether the process is known to be gone (SwiftPM's signal line, Xcode's restart line): nothing more of the
    /// test that ran will be printed.
    var hasProcessEnded: Bool { signal != nil || restart != nil }

    /// Looks at one line; returns whether it was part of a crash report.
    mutating func observe(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        if isReadingCrashedThread {
            if line.isEmpty || line.allSatisfy({ $0 == 0x20 }) { return true }
            if let frame = CrashFrame(line) {
                if frames.count < Self.maxFrames { frames.append(frame.text) }
                if projectFrame == nil, let location = frame.projectLocation { projectFrame = location }
                return true
            }
            isReadingCrashedThread = false
            if line.hasPrefix("...") { return true }
        }
        guard let first = line.first else { return false }
        if first == UInt8(ascii: "T"), line.hasPrefix("Thread "), line.hasSuffix(" crashed:") {
            isReadingCrashedThread = frames.isEmpty
            return true
        }
        if first == UInt8(ascii: "R"), line.hasPrefix("Restarting after unexpected exit") {
            restart = "Restarting after unexpected exit, crash, or test timeout"
            return true
        }
        if let crashed = line.firstRange(of: "Program crashed: ") {
            var text = line.string(crashed.lowerBound..<line.count)
            if text.hasSuffix(" ***") { text.removeLast(4) }
            if programCrashed == nil { programCrashed = text }
            return true
        }
        if let exited = Self.signalRange(in: line) {
            if signal == nil { signal = line.string(exited) }
            return true
        }
        if fatalError == nil, let (message, location) = Self.fatalError(in: line) {
            fatalError = message
            fatalLocation = location
            return true
        }
        return false
    }

    /// The issue the crash makes.
    var issue: IssueRecord {
        let message = fatalError ?? programCrashed ?? signal.map { "The test process " + $0 } ?? restart ?? "crashed"
        var details: [String] = []
        if let programCrashed, fatalError != nil { details.append(programCrashed) }
        if let signal { details.append("The test process " + signal) }
        if let restart, fatalError != nil || signal != nil { details.append(restart) }
        if !frames.isEmpty { details.append("Crashed thread:\n" + frames.joined(separator: "\n")) }
        return IssueRecord(
            kind: .crash, message: message, location: fatalLocation ?? projectFrame,
            details: details.isEmpty ? nil : details.joined(separator: "\n"))
    }

    /// Why the test ended, for its attempt's status reason.
    var reason: String {
        if let signal { return "the test process crashed (\(signal))" }
        if restart != nil { return "the test process ended unexpectedly (a crash or a timeout) and was restarted" }
        return "the test process crashed"
    }

    /// The test a `swift test --parallel` signal line names: `error: Process '/path/PackageTests.xctest
    /// Module.Class/test' exited with unexpected signal code 4` names `Module.Class/test`.
    static func crashedProcessTest(in line: UnsafeBufferPointer<UInt8>) -> (name: String, signal: String)? {
        guard line.hasPrefix("error: Process '"), let exited = signalRange(in: line),
            let close = line.lastRange(of: "' "), close.upperBound == exited.lowerBound
        else { return nil }
        let quoted = UnsafeBufferPointer(rebasing: line[16..<close.lowerBound])
        guard let space = quoted.lastRange(of: " ") else { return nil }
        let name = quoted.string(space.upperBound..<quoted.count)
        guard name.contains("/") else { return nil }
        return (name, line.string(exited))
    }

    /// Where `exited with unexpected signal code N` or `Exited with signal code N` is in `line` (to the end of the
    /// number); SwiftPM's line can land in the middle of another, since the backtracer writes to another stream.
    private static func signalRange(in line: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let found =
            line.firstRange(of: "xited with unexpected signal code ") ?? line.firstRange(of: "xited with signal code ")
        guard let found, found.lowerBound > 0 else { return nil }
        var end = found.upperBound
        while end < line.count, (48...57).contains(line[end]) { end += 1 }
        guard end > found.upperBound else { return nil }
        return found.lowerBound - 1..<end
    }

    /// The message and, when it lies in the project, the place of a Swift runtime failure line:
    /// `[FILE:LINE: ]Fatal error: MESSAGE`, `Precondition failed`, and the older `Fatal error: MESSAGE: file
    /// FILE, line LINE`.
    private static func fatalError(in line: UnsafeBufferPointer<UInt8>) -> (String, SourceLocation?)? {
        guard let start = line.firstRange(of: "Fatal error: ") ?? line.firstRange(of: "Precondition failed: ")
        else { return nil }
        var message = line.string(start.lowerBound..<line.count)
        var location: SourceLocation?
        if start.lowerBound >= 2, line[start.lowerBound - 2] == UInt8(ascii: ":"),
            line[start.lowerBound - 1] == UInt8(ascii: " ")
        {
            location = place(line.string(0..<start.lowerBound - 2))
        } else if start.lowerBound > 0 {
            return nil  // text before it that is no place: a test's own words, not the runtime's
        } else if let file = message.range(of: ": file ", options: .backwards),
            let comma = message.range(of: ", line ", range: file.upperBound..<message.endIndex),
            let number = Int(message[comma.upperBound...])
        {
            location = SourceLocation(file: String(message[file.upperBound..<comma.lowerBound]), line: number)
            message = String(message[..<file.lowerBound])
        }
        if let file = location?.file, !CrashFrame.isProjectPath(file) { location = nil }
        return (message, location)
    }

    /// `File.swift:30` or `File.swift:30:5` as a location.
    static func place(_ text: String) -> SourceLocation? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return nil }
        if parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) {
            let file = parts.dropLast(2).joined(separator: ":")
            return file.isEmpty ? nil : SourceLocation(file: file, line: line, column: column)
        }
        guard let line = Int(parts[parts.count - 1]) else { return nil }
        let file = parts.dropLast().joined(separator: ":")
        return file.isEmpty ? nil : SourceLocation(file: file, line: line)
    }
}
