import Foundation

/// Writes results to standard output with every write checked (docs/OUTPUTS.md): a failure exits 1 with
/// "cannot write to standard output: …" instead of passing for success.
enum StandardOutput {
    static let name = "standard output"

    /// Writes `text` as is.
    static func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try CheckedWrite.write(UnsafeRawBufferPointer($0), to: STDOUT_FILENO, named: name) }
    }

    /// Writes human-readable text and a newline, with control characters from the data shown as `^X`, `\\e` or
    /// `\\u{…}` so that no name or message can move the cursor or retitle the terminal; newlines are kept.
    static func humanLine(_ text: String) throws {
        try line(TerminalText.escapingControls(text, keepingNewlines: true))
    }

    /// Writes `line` and a newline.
    static func line(_ line: String) throws { try write(line + "\n") }
}
