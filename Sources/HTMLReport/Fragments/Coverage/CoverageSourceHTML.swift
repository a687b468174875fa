import Foundation
import ResultModel
import ResultSupport

/// A source file annotated with its coverage, as the markup of its page: each line with its number and hit count,
/// lines that did not run marked (class `u`, drawn with a glyph and a colour) and lines whose branches were not all
/// taken (class `p`, with `taken of found` written out). The first line of each stretch of uncovered lines is an
/// anchor (`#L12`, class `r`) with links to the previous and next stretch, so that they are reached without the
/// script (which adds keys for the same), and so are the lines functions start on.
///
/// Every line costs a few bytes of markup beyond its text: `<b>12</b><i>5</i>` for a line that ran, nothing but its
/// number for a line that cannot run, so that a project's pages stay near the size of its sources.
struct CoverageSourceHTML {
    /// The longest line shown, in bytes; the rest is cut off with `…` (minified code).
    static let maxLineBytes = 2000
    /// The stretches of uncovered lines listed at the top of the page; the others are reached from the last.
    static let listedStretches = 200

    /// The source, annotated.
    var sourceHTML = OutputBuffer()
    /// The stretches of uncovered lines (first and last line), in order.
    var uncoveredStretches: [ClosedRange<UInt32>] = []
    /// The lines the source has.
    var lineCount = 0
    /// The coverage's lines past the end of the source (it changed since the run, or it is another file).
    var linesPastEnd = 0

    /// Annotates `source` (the file's bytes) with `coverage`.
    init(source: Data, coverage: SourceFileCoverage) {
        uncoveredStretches = Self.stretches(coverage.lines)
        // The lines with an anchor, sorted, walked beside the source as its lines and branches are.
        let anchors = Array(
            Set(coverage.functions.lazy.map(\.line).filter { $0 > 0 } + uncoveredStretches.map(\.lowerBound))
        ).sorted()
        sourceHTML = OutputBuffer(capacity: source.count + source.count / 2 + 1024)
        source.withUnsafeBytes { raw in
            annotate(raw.assumingMemoryBound(to: UInt8.self), coverage: coverage, anchors: anchors)
        }
        if let last = coverage.lines.last, Int(last.line) > lineCount {
            linesPastEnd = coverage.lines.reversed().prefix { Int($0.line) > lineCount }.count
        }
    }

    private mutating func annotate(
        _ bytes: UnsafeBufferPointer<UInt8>, coverage: SourceFileCoverage, anchors: [UInt32]
    ) {
        var anchorIndex = 0
        var lineIndex = 0
        var branchIndex = 0
        var stretchIndex = 0
        var start = 0
        var number: UInt32 = 0
        while start < bytes.count {
            let end = bytes.firstIndex(of: 0x0A, from: start) ?? bytes.count
            number += 1
            var textEnd = end
            if textEnd > start && bytes[textEnd - 1] == 0x0D { textEnd -= 1 }
            while lineIndex < coverage.lines.count && coverage.lines[lineIndex].line < number { lineIndex += 1 }
            while branchIndex < coverage.branches.count && coverage.branches[branchIndex].line < number {
                branchIndex += 1
            }
            let count =
                lineIndex < coverage.lines.count && coverage.lines[lineIndex].line == number
                ? coverage.lines[lineIndex].count : nil
            let branches =
                branchIndex < coverage.branches.count && coverage.branches[branchIndex].line == number
                ? coverage.branches[branchIndex] : nil
            let partly = branches.map { $0.hit < $0.found } ?? false
            while anchorIndex < anchors.count && anchors[anchorIndex] < number { anchorIndex += 1 }
            let stretchStart =
                stretchIndex < uncoveredStretches.count
                && uncoveredStretches[stretchIndex].lowerBound == number
            appendLine(
                UnsafeBufferPointer(rebasing: bytes[start..<textEnd]), number: number, count: count,
                branches: partly ? branches : nil,
                anchored: anchorIndex < anchors.count && anchors[anchorIndex] == number,
                stretch: stretchStart ? stretchIndex : nil)
            if stretchStart { stretchIndex += 1 }
            start = end + 1
        }
        lineCount = Int(number)
    }

    private mutating func appendLine(
        _ text: UnsafeBufferPointer<UInt8>, number: UInt32, count: UInt64?, branches: LineBranches?,
        anchored: Bool, stretch: Int?
    ) {
        let kind: StaticString? = count == 0 ? (stretch != nil ? "u r" : "u") : branches != nil ? "p" : nil
        let wrapped = kind != nil || anchored
        if wrapped {
            sourceHTML.append("<span")
            if let kind {
                sourceHTML.append(" class=\"")
                sourceHTML.append(kind)
                sourceHTML.append("\"")
            }
            if anchored {
                sourceHTML.append(" id=\"L")
                sourceHTML.appendDecimal(Int(number))
                sourceHTML.append("\"")
            }
            sourceHTML.append(">")
        }
        sourceHTML.append("<b>")
        sourceHTML.appendDecimal(Int(number))
        sourceHTML.append("</b><i>")
        if let count {
            if count < 10_000 {
                sourceHTML.appendDecimal(UInt(count))
            } else {
                sourceHTML.appendTrusted(CoverageNumbers.hits(count))
            }
        }
        sourceHTML.append("</i>")
        if text.count > Self.maxLineBytes {
            var cut = Self.maxLineBytes
            while cut > 0 && text[cut] & 0xC0 == 0x80 { cut -= 1 }
            sourceHTML.appendEscapedHTML(UnsafeBufferPointer(rebasing: text[0..<cut]))
            sourceHTML.append("…")
        } else {
            sourceHTML.appendEscapedHTML(text)
        }
        if let branches {
            sourceHTML.append("<em>")
            sourceHTML.appendDecimal(Int(branches.hit))
            sourceHTML.append(" of ")
            sourceHTML.appendDecimal(Int(branches.found))
            sourceHTML.append(" branches taken</em>")
        }
        if let stretch { appendJumps(from: stretch) }
        if wrapped { sourceHTML.append("</span>") }
        sourceHTML.append("\n")
    }

    /// The links from an uncovered stretch's first line to the previous and the next stretch.
    private mutating func appendJumps(from stretch: Int) {
        if stretch > 0 {
            appendJump(to: uncoveredStretches[stretch - 1].lowerBound, glyph: "↑", label: " previous uncovered")
        }
        if stretch + 1 < uncoveredStretches.count {
            appendJump(to: uncoveredStretches[stretch + 1].lowerBound, glyph: "↓", label: " next uncovered")
        }
    }

    private mutating func appendJump(to line: UInt32, glyph: StaticString, label: StaticString) {
        sourceHTML.append("<a class=\"jump\" href=\"#L")
        sourceHTML.appendDecimal(Int(line))
        sourceHTML.append("\">")
        sourceHTML.append(glyph)
        sourceHTML.append("<span class=\"sr-only\">")
        sourceHTML.append(label)
        sourceHTML.append(" (line ")
        sourceHTML.appendDecimal(Int(line))
        sourceHTML.append(")</span></a>")
    }

    /// The stretches of consecutive lines that could run and did not; lines that cannot run do not break one.
    static func stretches(_ lines: [CoveredLine]) -> [ClosedRange<UInt32>] {
        var stretches: [ClosedRange<UInt32>] = []
        var current: ClosedRange<UInt32>?
        for line in lines {
            if line.count == 0 {
                current = current.map { $0.lowerBound...line.line } ?? line.line...line.line
            } else if let open = current {
                stretches.append(open)
                current = nil
            }
        }
        if let current { stretches.append(current) }
        return stretches
    }

    /// The list of stretches linked from the top of the page: `12–14`, `30`, the first ``listedStretches``.
    func stretchListHTML() -> String {
        var html = OutputBuffer(capacity: 64 * min(uncoveredStretches.count, Self.listedStretches))
        html.append("<ul class=\"cov-stretches\">")
        for stretch in uncoveredStretches.prefix(Self.listedStretches) {
            html.append("<li><a href=\"#L")
            html.appendDecimal(Int(stretch.lowerBound))
            html.append("\">")
            html.appendDecimal(Int(stretch.lowerBound))
            if stretch.upperBound > stretch.lowerBound {
                html.append("–")
                html.appendDecimal(Int(stretch.upperBound))
            }
            html.append("</a></li>")
        }
        html.append("</ul>")
        return html.string
    }
}
