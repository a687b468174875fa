import ContentHashing
import Foundation
import ResultModel
import ResultSupport

/// Shows the source lines around an issue's location when the file is found under the source root. Never reads
/// outside the root: the path is resolved (symbolic links included) and must stay inside it.
struct SourceExcerpt {
    /// What an excerpt came to.
    enum Outcome: Equatable {
        /// The lines around the location, as HTML.
        case lines(String)
        /// The file is there, but its contents are not the ones the run recorded: its lines would not be the ones
        /// the issue was about.
        case changed
    }

    let root: URL?
    var context = 3

    /// The lines around `location`; `.changed` when `expectedSHA256` is given and the file's contents do not have
    /// it; `nil` when the file is not under the root or not readable text. With the file's `coverage`, each line
    /// that could run is marked `●` when it ran and `○` when it did not (a class colours them too).
    func excerpt(
        for location: SourceLocation?, expectedSHA256: String? = nil, coverage: SourceFileCoverage? = nil
    ) -> Outcome? {
        guard let root, let location, location.line > 0,
            let data = SourceFiles(root: root).contents(of: location.file, matchingTails: true)
        else { return nil }
        if let expectedSHA256, ContentHash.sha256Hex(data) != expectedSHA256 { return .changed }
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard location.line <= lines.count else { return nil }
        let first = max(1, location.line - context)
        let last = min(lines.count, location.line + context)
        let label = coverage == nil ? "" : ", ● marking the lines that ran and ○ those that did not"
        var html = "<pre class=\"source\" aria-label=\"Source around line \(location.line)\(label)\">"
        for number in first...last {
            let code = HTMLEscaping.escape(lines[number - 1].prefix(400))
            let row = "<span class=\"ln\">\(number)</span>\(Self.ranMark(coverage, line: number))\(code)"
            html += number == location.line ? "<span class=\"hit\">\(row)</span>" : row + "\n"
        }
        return .lines(html + "</pre>")
    }

    /// The mark of whether `line` ran: `●` (class `ran`), `○` (class `not-ran`), a space for a line that cannot
    /// run; nothing without coverage.
    private static func ranMark(_ coverage: SourceFileCoverage?, line: Int) -> String {
        guard let coverage else { return "" }
        guard line <= Int(UInt32.max), let count = coverage.count(ofLine: UInt32(line)) else {
            return "<span class=\"ran-mark\"> </span>"
        }
        return count > 0 ? "<span class=\"ran-mark ran\">●</span>" : "<span class=\"ran-mark not-ran\">○</span>"
    }
}
