/// JUnit XML's `[[ATTACHMENT|path]]` lines: the importer turned each into an attachment, which the test page shows
/// with the other attachments; left in the shown output they would be noise naming a path on the machine that ran
/// the tests.
enum AttachmentMarkerLines {
    /// `text` without the lines that hold only an attachment marker (and spaces around it).
    static func removing(from text: String) -> String {
        guard text.contains("[[ATTACHMENT|") else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            let end = trimmed.lastIndex { $0 != " " && $0 != "\t" && $0 != "\r" }.map { trimmed[...$0] } ?? ""
            return !(end.hasPrefix("[[ATTACHMENT|") && end.hasSuffix("]]"))
        }.joined(separator: "\n")
    }
}
