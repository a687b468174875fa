import Foundation
import ResultModel
import ResultSupport

/// The issue of a failed libtest test, from the output libtest captured: the panic's message (the lines after
/// `thread '…' panicked at src/lib.rs:10:9:`, or the quoted message of Rust before 1.73) at the panic's place.
enum LibTestFailure {
    static func issue(output: String, message: String?) -> IssueRecord {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        let location = RustTraceReader.location(in: lines, className: nil)
        var headline = message
        // Searched as bytes: the searches of `Foundation` cost more than the rest of a failure's reading.
        if let panic = lines.firstIndex(where: { $0.containsBytes("panicked at ") }) {
            let line = lines[panic]
            if let quoted = line.range(of: "panicked at '"),
                let end = line.range(of: "', ", options: .backwards), quoted.upperBound <= end.lowerBound
            {
                headline = String(line[quoted.upperBound..<end.lowerBound])
            } else {
                let after = lines[(panic + 1)...].prefix {
                    !$0.hasPrefix("note: ") && !$0.hasPrefix("stack backtrace:")
                }
                let text = Self.trimmed(after.joined(separator: "\n"))
                if !text.isEmpty { headline = text }
            }
        } else if lines.contains(where: { $0.containsBytes("did not panic as expected") }) {
            // A `#[should_panic]` test that returned: `note: test did not panic as expected at src/lib.rs:36:12`.
            headline = "test did not panic as expected"
        }
        return IssueRecord(
            kind: .assertion, message: headline ?? "the test failed", location: location,
            details: output.isEmpty ? nil : output)
    }

    /// `text` without white space and line breaks around it; a text that starts and ends with a visible ASCII
    /// character is its own trimming, found without `Foundation`'s character sets.
    private static func trimmed(_ text: String) -> String {
        if let first = text.utf8.first, let last = text.utf8.last, (0x21..<0x7F).contains(first),
            (0x21..<0x7F).contains(last)
        {
            return text
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension Substring {
    /// Whether the text's UTF-8 bytes contain `needle`'s (see `String.containsBytes`).
    fileprivate func containsBytes(_ needle: StaticString) -> Bool {
        var copy = self
        return copy.withUTF8 { $0.firstRange(of: needle) != nil }
    }
}
