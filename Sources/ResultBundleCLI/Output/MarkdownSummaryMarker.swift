/// The first line of every Markdown summary `resultbundle summary` writes: an HTML comment, invisible where the
/// Markdown is shown, by which a later `summary -o` knows the file is one it may replace (docs/OUTPUTS.md).
enum MarkdownSummaryMarker {
    static let line = "<!-- written by resultbundle summary -->\n"
}
