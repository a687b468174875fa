import Foundation
import ResultSupport

/// The pieces of text the export formats share: XML attribute values, rates and line-based names.
enum ExportText {
    /// Appends `text` as the inside of a quoted XML attribute: markup characters escaped, and every character
    /// XML 1.0 forbids (controls, U+FFFE, U+FFFF) replaced by U+FFFD, so a path or a function name never makes
    /// the document ill-formed.
    static func appendXMLAttribute(_ text: String, to output: inout ExportBuffer) {
        let allowed = text.unicodeScalars.allSatisfy { $0.value != 0xFFFE && $0.value != 0xFFFF }
        let clean =
            allowed
            ? text
            : String(
                String.UnicodeScalarView(
                    text.unicodeScalars.map { scalar in
                        scalar.value == 0xFFFE || scalar.value == 0xFFFF ? "\u{FFFD}" : scalar
                    }))
        HTMLEscaping.appendEscaped(clean, to: &output)
    }

    /// `hit` of `found` as Cobertura writes a rate: at most four decimals, `1` when nothing was found (as
    /// coverage.py and gcovr write it).
    static func rate(_ hit: Int, of found: Int) -> String {
        guard found > 0 else { return "1" }
        let text = String(format: "%.4f", Double(hit) / Double(found))
        var trimmed = Substring(text)
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    /// `text` on one line: a line break or other control character (which a line-based format cannot hold)
    /// becomes a space.
    static func oneLine(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return text }
        return String(
            String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }

    /// Calls `body` with each line of `file` and the branches that start on it (`nil` when none do), walking the
    /// two sorted lists together. Branches on a line that cannot run are not visited: the XML formats have no
    /// place for them.
    static func forEachLine(
        of file: SourceFileCoverage, _ body: (CoveredLine, LineBranches?) -> Void
    ) {
        var branchIndex = 0
        for line in file.lines {
            while branchIndex < file.branches.count && file.branches[branchIndex].line < line.line { branchIndex += 1 }
            let branches = branchIndex < file.branches.count ? file.branches[branchIndex] : nil
            body(line, branches.flatMap { $0.line == line.line && $0.found > 0 ? $0 : nil })
        }
    }
}
