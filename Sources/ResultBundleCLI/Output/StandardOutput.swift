import Foundation
import ResultSupport

/// Writes results to standard output with every write checked (docs/OUTPUTS.md): a failure exits 1 with
/// "cannot write to standard output: …" instead of passing for success.
enum StandardOutput {
    static let name = "standard output"

    /// Writes `text` as is.
    static func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try CheckedWrite.write(UnsafeRawBufferPointer($0), to: STDOUT_FILENO, named: name) }
    }

    /// Writes a human-readable line and a newline, with every control character from the data (line breaks
    /// included) shown as `^X`, `\\e` or `\\u{…}` (``TerminalText``): no name or message can move the cursor,
    /// retitle the terminal or start a line of its own.
    static func humanLine(_ text: String) throws {
        try line(TerminalText.escapingControls(text))
    }

    /// Writes human-readable lines, each escaped as ``humanLine(_:)`` does.
    static func humanLines(_ lines: [String]) throws {
        try line(TerminalText.escapingLines(lines))
    }

    /// Writes `line` and a newline.
    static func line(_ line: String) throws { try write(line + "\n") }
}
