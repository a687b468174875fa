import ResultSupport

/// Writes asciicast v2 recordings (newline-delimited JSON), one line at a time.
///
/// Output bytes are split into events at UTF-8 character boundaries: a character cut between two chunks is held
/// back until it is complete; invalid bytes become U+FFFD. A value type; use one value from one task at a time.
public struct AsciicastWriter: Sendable {
    private var pendingBytes: [UInt8] = []

    /// Creates a writer.
    public init() {}

    /// The header line (ending with a newline).
    public static func header(width: Int, height: Int, timestamp: Double? = nil, title: String? = nil) -> String {
        var line = "{\"version\": 2, \"width\": \(width), \"height\": \(height)"
        if let timestamp, timestamp.isFinite { line += ", \"timestamp\": \(Int(timestamp))" }
        if let title { line += ", \"title\": \(jsonString(title))" }
        return line + ", \"env\": {\"TERM\": \"xterm-256color\"}}\n"
    }

    /// The event line for `bytes` written at `time` seconds, or nil when the bytes only start a character.
    public mutating func outputEvent(time: Double, bytes: some Sequence<UInt8>) -> String? {
        pendingBytes.append(contentsOf: bytes)
        let complete = Self.completePrefixLength(pendingBytes)
        guard complete > 0 else { return nil }
        let text = String(decoding: pendingBytes[..<complete], as: UTF8.self)
        pendingBytes.removeFirst(complete)
        return Self.event(time: time, code: "o", data: text)
    }

    /// The event line for any bytes still held back (an unfinished character), or nil.
    public mutating func finish(time: Double) -> String? {
        guard !pendingBytes.isEmpty else { return nil }
        defer { pendingBytes.removeAll() }
        return Self.event(time: time, code: "o", data: String(decoding: pendingBytes, as: UTF8.self))
    }

    /// One event line: `[time, code, data]` with the time in seconds, 6 decimals.
    public static func event(time: Double, code: String, data: String) -> String {
        let micros = Int((max(time, 0) * 1_000_000).rounded())
        let fraction = String(micros % 1_000_000)
        let time = "\(micros / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
        return "[\(time), \(jsonString(code)), \(jsonString(data))]\n"
    }

    /// A JSON string literal.
    static func jsonString(_ text: String) -> String { JSONEscaping.quoted(text) }

    /// How many leading bytes end on a character boundary (a trailing partial character of up to 3 bytes is
    /// excluded; anything invalid counts as complete and decodes to U+FFFD).
    static func completePrefixLength(_ bytes: [UInt8]) -> Int {
        let count = bytes.count
        var back = 0
        while back < min(3, count) {
            let byte = bytes[count - 1 - back]
            if byte & 0xC0 != 0x80 {
                let needed = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return needed > back + 1 && byte >= 0xC0 ? count - 1 - back : count
            }
            back += 1
        }
        return count
    }
}
