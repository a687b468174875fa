import Foundation

/// The header line of an asciicast v2 recording.
public struct AsciicastHeader: Sendable, Hashable {
    /// Always 2.
    public var version: Int
    /// Terminal width in columns.
    public var width: Int
    /// Terminal height in rows.
    public var height: Int
    /// Recording start, seconds since 1970, when given.
    public var timestamp: Double?
    /// The recording's title, when given.
    public var title: String?
}

/// One event line of an asciicast v2 recording: `[time, code, data]`.
public struct AsciicastEvent: Sendable, Hashable {
    /// Seconds since the start of the recording.
    public var time: Double
    /// The event code: `"o"` output, `"i"` input, `"m"` marker, `"r"` resize (`"COLSxROWS"`).
    public var code: String
    /// The event's text.
    public var data: String

    /// Whether this is terminal output.
    public var isOutput: Bool { code == "o" }
}

/// Reads asciicast v2 recordings (newline-delimited JSON: a header object, then event arrays), streaming: feed
/// chunks of bytes as they come and take the events each chunk completes.
///
/// Lines are bounded by ``maximumLineLength``; a longer line is an error rather than unbounded memory.
/// A value type; use one value from one task at a time.
public struct AsciicastReader: Sendable {
    /// The longest line accepted, in bytes.
    public static let maximumLineLength = 64 * 1024 * 1024

    /// The header, once its line was read.
    public private(set) var header: AsciicastHeader?
    /// The file name used in errors.
    public let fileName: String?
    private var pending: [UInt8] = []
    private var lineNumber = 0

    /// Creates a reader; `fileName` only appears in error messages.
    public init(fileName: String? = nil) { self.fileName = fileName }

    /// Feeds the next bytes and returns the events of the lines they complete.
    /// - Throws: ``TerminalEmulationError`` (`invalidAsciicast`, `unsupportedAsciicastVersion`) naming the line.
    public mutating func feed(_ bytes: some Sequence<UInt8>) throws(TerminalEmulationError) -> [AsciicastEvent] {
        var events: [AsciicastEvent] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if let event = try parseLine() { events.append(event) }
                pending.removeAll(keepingCapacity: true)
            } else {
                guard pending.count < Self.maximumLineLength else {
                    throw error("a line is longer than \(Self.maximumLineLength) bytes", line: lineNumber + 1)
                }
                pending.append(byte)
            }
        }
        return events
    }

    /// Finishes the input: parses a last line without a newline, and checks a header was seen.
    public mutating func finish() throws(TerminalEmulationError) -> [AsciicastEvent] {
        var events: [AsciicastEvent] = []
        if !pending.isEmpty, let event = try parseLine() { events.append(event) }
        pending.removeAll()
        guard header != nil else { throw error("the recording is empty; it needs a header line", line: 1) }
        return events
    }

    /// Replays a recording file into a new emulator of the recording's size (streaming the file).
    /// - Parameter time: stop after the last output event at or before this many seconds; nil plays everything.
    public static func replay(contentsOf url: URL, until time: Double? = nil) throws(TerminalEmulationError)
        -> TerminalEmulator
    {
        guard let handle = try? FileHandle(forReadingFrom: url) else {
            throw TerminalEmulationError(
                code: .invalidAsciicast, message: "cannot open the recording", file: url.path)
        }
        defer { try? handle.close() }
        var reader = AsciicastReader(fileName: url.lastPathComponent)
        var emulator: TerminalEmulator?
        func play(_ events: [AsciicastEvent], header: AsciicastHeader?) {
            guard let header else { return }
            if emulator == nil { emulator = TerminalEmulator(columns: header.width, rows: header.height) }
            for event in events where event.isOutput && (time.map { event.time <= $0 } ?? true) {
                emulator?.feed(event.data)
            }
        }
        while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            let events = try reader.feed(chunk)
            play(events, header: reader.header)
        }
        let events = try reader.finish()
        play(events, header: reader.header)
        return emulator ?? TerminalEmulator(columns: 80, rows: 24)
    }

    private mutating func parseLine() throws(TerminalEmulationError) -> AsciicastEvent? {
        lineNumber += 1
        if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
        if pending.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nil }
        guard let value = try? JSONSerialization.jsonObject(with: Data(pending), options: [.fragmentsAllowed]) else {
            throw error("the line is not valid JSON", line: lineNumber)
        }
        guard let header else {
            self.header = try parseHeader(value)
            return nil
        }
        _ = header
        guard let array = value as? [Any], array.count >= 3 else {
            throw error("an event must be a JSON array [time, code, data]", line: lineNumber)
        }
        guard let time = (array[0] as? NSNumber)?.doubleValue, time.isFinite,
            let code = array[1] as? String, let data = array[2] as? String
        else {
            throw error("an event must be [number, string, string]", line: lineNumber)
        }
        return AsciicastEvent(time: time, code: code, data: data)
    }

    private func parseHeader(_ value: Any) throws(TerminalEmulationError) -> AsciicastHeader {
        guard let object = value as? [String: Any] else {
            throw error("the first line must be the header object", line: lineNumber)
        }
        guard let version = (object["version"] as? NSNumber)?.intValue else {
            throw error("the header has no version", line: lineNumber)
        }
        guard version == 2 else {
            throw TerminalEmulationError(
                code: .unsupportedAsciicastVersion,
                message: "asciicast version \(version) is not supported; only version 2 is", file: fileName,
                line: lineNumber)
        }
        guard let width = (object["width"] as? NSNumber)?.intValue,
            let height = (object["height"] as? NSNumber)?.intValue,
            (1...4096).contains(width), (1...4096).contains(height)
        else {
            throw error("the header needs a width and a height between 1 and 4096", line: lineNumber)
        }
        return AsciicastHeader(
            version: version, width: width, height: height,
            timestamp: (object["timestamp"] as? NSNumber)?.doubleValue, title: object["title"] as? String)
    }

    private func error(_ message: String, line: Int) -> TerminalEmulationError {
        TerminalEmulationError(code: .invalidAsciicast, message: message, file: fileName, line: line)
    }
}
