import Foundation
import ResultSupport

/// Renders text holding ANSI SGR escape sequences (colored console output) as escaped HTML with `<span>` classes
/// for colors and attributes. Only class names and colors computed here reach the output; every other escape
/// sequence is dropped, and all text is escaped.
public enum ANSIToHTML {
    /// The HTML for `text`: colors and attributes as the classes of ``TextStyle/classNames`` (the same as a
    /// terminal snapshot's), every other escape sequence dropped, all text escaped.
    public static func render(_ text: String) -> String {
        var html: [UInt8] = []
        html.reserveCapacity(text.utf8.count + 64)
        var style = TextStyle()
        var openSpan = false
        // Sequences end where ANSIEscapes says (as in every other output); only SGR (`ESC [ … m`) is interpreted.
        var text = text
        text.withUTF8 { bytes in
            ANSIEscapes.forEachPart(of: bytes) { range in
                HTMLEscaping.appendEscaped(UnsafeBufferPointer(rebasing: bytes[range]), to: &html)
            } escape: { range, kind in
                guard kind == .controlSequence(final: UInt8(ascii: "m")) else { return }
                var next = style
                next.applySelectGraphicRendition(
                    UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + 2)..<(range.upperBound - 1)]))
                guard next != style else { return }
                if openSpan { html.append(literal: "</span>") }
                style = next
                openSpan = !style.isPlain
                if openSpan {
                    html.append(literal: "<span class=\"")
                    html.append(contentsOf: Array(style.classNames.utf8))
                    html.append(literal: "\">")
                }
            }
        }
        if openSpan { html.append(literal: "</span>") }
        return String(decoding: html, as: UTF8.self)
    }
}
