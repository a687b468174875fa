/// A file a JUnit document attaches to a test: the path as written and the line of the XML that names it.
struct AttachmentReference: Sendable, Hashable {
    /// The path as the producer wrote it (relative to the attachments root, or absolute).
    var path: String
    /// The 1-based line of the file where the path appeared, when the reader knows it (an Allure result's JSON
    /// is read whole, without lines).
    var line: Int?
}

/// The attachment conventions of JUnit XML: `[[ATTACHMENT|path]]` markers in `<system-out>` and `<system-err>`
/// (the Jenkins JUnit Attachments plugin's syntax, which GitLab, Azure DevOps and Testmo read too), and
/// `<property name="attachment" value="path"/>` in a test case's `<properties>` (Testmo's common JUnit format;
/// Bitrise numbers them `attachment_1`, `attachment_2`, ...).
enum JUnitAttachmentMarkers {
    private static let opening = Array("[[ATTACHMENT|".utf8)
    private static let closing = Array("]]".utf8)

    /// The markers of `text` in order, each with its line (`firstLine` is the line `text` starts on).
    ///
    /// A marker may stand anywhere in a line and a line may hold several, as the Jenkins plugin finds them
    /// (its documentation asks for one per line; producers indent them). Whatever follows a second `|` is the
    /// plugin's reserved field and is ignored; whitespace around the path is trimmed. A marker without its `]]` on
    /// the same line, or with an empty path, is not a marker.
    /// - Complexity: O(*n*) in the length of `text`.
    static func references(in text: String, firstLine: Int) -> [AttachmentReference] {
        var text = text
        return text.withUTF8 { references(in: $0, firstLine: firstLine) }
    }

    private static func references(in bytes: UnsafeBufferPointer<UInt8>, firstLine: Int) -> [AttachmentReference] {
        var found: [AttachmentReference] = []
        var line = firstLine
        var lineStart = 0
        while lineStart <= bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let lineBytes = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
            for path in paths(inLine: lineBytes) { found.append(AttachmentReference(path: path, line: line)) }
            line += 1
            lineStart = lineEnd + 1
        }
        return found
    }

    /// The paths of the markers of one line.
    private static func paths(inLine line: UnsafeBufferPointer<UInt8>) -> [String] {
        var paths: [String] = []
        var position = 0
        while let start = index(of: opening, in: line, from: position) {
            let contentStart = start + opening.count
            guard let end = index(of: closing, in: line, from: contentStart) else { break }
            // A second opening before the closing: the first marker is cut; the second may still be whole.
            if let next = index(of: opening, in: line, from: contentStart), next < end {
                position = next
                continue
            }
            var content = line[contentStart..<end]
            if let bar = content.firstIndex(of: UInt8(ascii: "|")) { content = content[..<bar] }
            let path = String(decoding: UnsafeBufferPointer(rebasing: content), as: UTF8.self).trimmingWhitespace()
            if !path.isEmpty { paths.append(path) }
            position = end + closing.count
        }
        return paths
    }

    private static func index(of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var candidate = start
        let last = haystack.count - needle.count
        while candidate <= last {
            guard let first = haystack[candidate...last].firstIndex(of: needle[0]) else { return nil }
            var matches = true
            for offset in 1..<needle.count where haystack[first + offset] != needle[offset] {
                matches = false
                break
            }
            if matches { return first }
            candidate = first + 1
        }
        return nil
    }

    /// Whether a test case property names an attachment: `attachment`, or `attachment_` and a number.
    static func isAttachmentProperty(_ name: String) -> Bool {
        if name == "attachment" { return true }
        guard name.hasPrefix("attachment_") else { return false }
        let number = name.dropFirst("attachment_".count)
        return !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
