import ContentHashing
import Foundation
import ResultSupport

/// Folds a report folder into one self-contained HTML file (to email or attach): every page becomes a section of
/// one document, links between pages become links to those sections, CSS and the script are inlined (allowed by
/// their hashes in the Content-Security-Policy, so no other inline script can run) and images become `data:` URIs.
/// Search over all tests needs the folder report; filtering the lists still works.
enum SingleFileReport {
    /// Above this size the single file is slow to open, and a warning says so.
    static let warningBytes = 5 << 20

    /// Folds every page in `pages` (the paths the report wrote, relative to `folder`): the index first, then the
    /// other top-level pages, then those in folders, each group in the order written. A page a future version adds
    /// is folded without a change here.
    static func fold(
        folder: URL, pages written: [String], into file: URL, title: String, templates: TemplateSet,
        generator: String = ReportOptions.defaultGenerator
    ) throws -> (bytes: Int, warnings: [String]) {
        let stylesheet = templates.stylesheet
        let pages = readingOrder(written)

        let styleHash = ContentHash.sha256Base64(Data(stylesheet.utf8))
        let singleScript = templates.script.replacingOccurrences(
            of: "window.ResultBundleSearch", with: "window.ResultBundleSearchDisabled")
        let scriptHash = ContentHash.sha256Base64(Data(singleScript.utf8))
        let csp =
            "default-src 'none'; img-src data:; style-src 'sha256-\(styleHash)'; script-src 'sha256-\(scriptHash)'; base-uri 'none'; form-action 'none'"
        var sections = ""
        for page in pages {
            let url = folder.appendingPathComponent(page)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            // The search needs the folder report's shards: its script is left out.
            var body = mainContent(of: text).replacingOccurrences(
                of: "<script src=\"assets/search.js\" defer></script>", with: "")
            let base = page.hasPrefix("tests/") ? "tests/" : ""
            // Test page (issue 22.1): each test page's ids made unique in the one document.
            if page.hasPrefix("tests/") { body = prefixingIDs(body, with: anchor(for: page) + "-") }
            sections += "<section class=\"page\" id=\"\(anchor(for: page))\">\n"
            sections += try rewriteLinks(body, base: base, folder: folder)
            sections += "\n</section>\n<hr>\n"
        }
        // The report's own page shell, with the stylesheet and the script inline.
        let html = try PageShell.document(
            title: title, contentSecurityPolicy: csp, stylesheet: .inline(stylesheet), bodyHTML: sections,
            scriptHTML: singleScript, generator: generator, templates: templates)
        try Data(html.utf8).write(to: file)
        var warnings: [String] = []
        if html.utf8.count > warningBytes {
            warnings.append(
                "the single-file report is \(html.utf8.count / 1_048_576) MB; browsers open large files slowly, so prefer the folder report above \(warningBytes / 1_048_576) MB"
            )
        }
        return (html.utf8.count, warnings)
    }

    /// The index, then top-level pages, then pages in folders, each group keeping the order of `pages`.
    static func readingOrder(_ pages: [String]) -> [String] {
        let top = pages.filter { !$0.contains("/") }
        return top.filter { $0 == "index.html" } + top.filter { $0 != "index.html" } + pages.filter { $0.contains("/") }
    }

    static func anchor(for page: String) -> String {
        "page-" + page.replacingOccurrences(of: ".html", with: "").replacingOccurrences(of: "/", with: "-")
    }

    private static func mainContent(of page: String) -> String {
        guard let start = page.range(of: "<main id=\"main\" tabindex=\"-1\">"),
            let end = page.range(of: "</main>", options: .backwards)
        else { return "" }
        return String(page[start.upperBound..<end.lowerBound])
    }

    /// Links we generated (`href="…"`, `src="…"`) to pages become section anchors; to attachments, `data:` URIs.
    private static func rewriteLinks(_ html: String, base: String, folder: URL) throws -> String {
        var result = ""
        var rest = Substring(html)
        // Quoted values, and the unquoted ones of the compact list rows (`href=all-1.html#t-…`).
        while let attribute = rest.range(of: #"(href|src)=("[^"]*"|[^\s">]+)"#, options: .regularExpression) {
            result += rest[..<attribute.lowerBound]
            let text = rest[attribute]
            let isSource = text.hasPrefix("src")
            let raw = text.drop { $0 != "=" }.dropFirst()
            let value = String(raw.hasPrefix("\"") ? raw.dropFirst().dropLast() : raw)
            result +=
                (isSource ? "src=\"" : "href=\"") + rewrite(value, base: base, folder: folder, inline: isSource) + "\""
            rest = rest[attribute.upperBound...]
        }
        return result + rest
    }

    private static func rewrite(_ value: String, base: String, folder: URL, inline: Bool) -> String {
        if value.hasPrefix("#") || value.hasPrefix("http://") || value.hasPrefix("https://") { return value }
        var path = value
        if path.hasPrefix("../") { path = String(path.dropFirst(3)) } else { path = base + path }
        let parts = path.split(separator: "#", maxSplits: 1).map(String.init)
        let file = parts.first ?? ""
        if let fragment = parts.count > 1 ? parts[1] : nil, ListPages.isListPage(file) {
            return "#" + fragment
        }
        if file.hasSuffix(".html") { return "#" + anchor(for: file) }
        if file.hasPrefix("attachments/") {
            let url = folder.appendingPathComponent(file)
            guard let data = try? Data(contentsOf: url), data.count <= 4 << 20 else { return "#" }
            let type = inline ? imageType(file) : "application/octet-stream"
            return "data:\(type);base64," + data.base64EncodedString()
        }
        return "#"
    }

    private static func imageType(_ file: String) -> String {
        switch (file as NSString).pathExtension.lowercased() {
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        default: "application/octet-stream"
        }
    }
}
