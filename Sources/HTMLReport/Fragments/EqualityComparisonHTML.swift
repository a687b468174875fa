import ResultSupport

/// The expected/actual view of a failed equality assertion (``EqualityComparison``): the two values one above the
/// other, their differing middle marked (`<mark>`) after the part they share at each end.
enum EqualityComparisonHTML {
    /// Values longer than this are not compared character by character (the message shows them whole).
    static let valueLimit = 4096

    /// The view, appended to `html`.
    static func append(_ comparison: EqualityComparison, to html: inout OutputBuffer) {
        let left = Array(DisplayText.clean(comparison.left.value).prefix(valueLimit))
        let right = Array(DisplayText.clean(comparison.right.value).prefix(valueLimit))
        var prefix = 0
        while prefix < min(left.count, right.count), left[prefix] == right[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(left.count, right.count) - prefix,
            left[left.count - 1 - suffix] == right[right.count - 1 - suffix]
        {
            suffix += 1
        }
        html.append("<dl class=\"comparison\">")
        for (side, characters) in [(comparison.left, left), (comparison.right, right)] {
            html.append("<dt>")
            html.appendEscapedHTML(DisplayText.clean(side.label))
            html.append("</dt><dd><code>")
            html.appendEscapedHTML(String(characters[..<prefix]))
            html.append("<mark>")
            html.appendEscapedHTML(String(characters[prefix..<(characters.count - suffix)]))
            html.append("</mark>")
            html.appendEscapedHTML(String(characters[(characters.count - suffix)...]))
            html.append("</code></dd>")
        }
        html.append("</dl>")
    }
}
