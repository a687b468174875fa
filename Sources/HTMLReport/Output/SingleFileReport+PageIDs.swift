extension SingleFileReport {
    /// A test page's ids (`attempt-2`, `attempt-2-attachment-1`, `properties-heading`) and the in-page links and
    /// `aria-labelledby` references to them, prefixed with `prefix`, so they stay unique when every test page is a
    /// section of one document: without it, the timeline's `#attempt-2` or a gallery thumbnail's zoom on one page
    /// would land on another test's attempt or image.
    ///
    /// Only our markup matches: quotes in text from a bundle are escaped (`&quot;`), so `id="` never comes from it.
    static func prefixingIDs(_ html: String, with prefix: String) -> String {
        html.replacingOccurrences(of: " id=\"", with: " id=\"\(prefix)")
            .replacingOccurrences(of: "href=\"#", with: "href=\"#\(prefix)")
            .replacingOccurrences(of: "aria-labelledby=\"", with: "aria-labelledby=\"\(prefix)")
    }
}
