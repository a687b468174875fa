import Foundation
import ResultModel

/// The issue of a failed libtest test, from the output libtest captured: the panic's message (the lines after
/// `thread '…' panicked at src/lib.rs:10:9:`, or the quoted message of Rust before 1.73) at the panic's place.
enum LibTestFailure {
    static func issue(output: String, message: String?) -> IssueRecord {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        let location = RustTraceReader.location(in: lines, className: nil)
        var headline = message
        if let panic = lines.firstIndex(where: { $0.contains("panicked at ") }) {
            let line = lines[panic]
            if let quoted = line.range(of: "panicked at '"), let end = line.range(of: "', ", options: .backwards),
                quoted.upperBound <= end.lowerBound
            {
                headline = String(line[quoted.upperBound..<end.lowerBound])
            } else {
                let after = lines[(panic + 1)...].prefix {
                    !$0.hasPrefix("note: ") && !$0.hasPrefix("stack backtrace:")
                }
                let text = after.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
                if !text.isEmpty { headline = text }
            }
        }
        return IssueRecord(
            kind: .assertion, message: headline ?? "the test failed", location: location,
            details: output.isEmpty ? nil : output)
    }
}
