import Foundation
import ResultSupport

/// The one page shell (document head, stylesheet, Content-Security-Policy, skip link, `<main>`, footer): the
/// report's `header` and `footer` templates, which every report page includes, also wrap the pages drawn outside a
/// report (the compare page, `snapshot --format html`) and the single-file report, so that all of them change
/// together.
public enum PageShell {
    /// How a page gets its stylesheet.
    public enum Stylesheet: Sendable {
        /// A `<link>` to the report's `assets/report.css`, `root` being the path from the page to the folder that
        /// holds `assets/`.
        case linked(root: String)
        /// Inline, in a `<style>` element (the policy must allow it by its hash).
        case inline(String)
    }

    /// The report's sticky header on a page drawn outside a report (the compare page): the page's title linking to
    /// itself, a verdict, and counts linking to places on the page.
    public struct Header: Sendable {
        /// One count of the header.
        public struct Count: Sendable {
            public var label: String
            public var value: Int
            /// The status class its icon and colour come from (`failed`, `passed`, `skipped`, `unknown`).
            public var status: String
            public var href: String

            public init(label: String, value: Int, status: String, href: String) {
                self.label = label
                self.value = value
                self.status = status
                self.href = href
            }
        }

        public var verdict: String
        /// The verdict's status class (`passed`, `failed`, `unknown`).
        public var verdictStatus: String
        public var counts: [Count]

        public init(verdict: String, verdictStatus: String, counts: [Count]) {
            self.verdict = verdict
            self.verdictStatus = verdictStatus
            self.counts = counts
        }
    }

    /// The whole document: `bodyHTML` (markup built by our own escaping code) inside `<main>`, titled `title`, under
    /// the policy `csp`, with no script and no link to a report's lists; with `header`, the report's sticky header
    /// on top (its page's own links).
    public static func document(
        title: String, contentSecurityPolicy csp: String, stylesheet: Stylesheet, bodyHTML: String,
        generator: String = ReportOptions.defaultGenerator, header: Header? = nil, selfHref: String = "index.html"
    ) throws -> String {
        try document(
            title: title, contentSecurityPolicy: csp, stylesheet: stylesheet, bodyHTML: bodyHTML, scriptHTML: nil,
            generator: generator, templates: try TemplateSet(overrides: nil), header: header, selfHref: selfHref)
    }

    /// The document, running `scriptHTML` inline when given, drawn by `templates` (a report's own, which may be
    /// overridden).
    static func document(
        title: String, contentSecurityPolicy csp: String, stylesheet: Stylesheet, bodyHTML: String,
        scriptHTML: String?, generator: String, templates: TemplateSet, header: Header? = nil,
        selfHref: String = "index.html"
    ) throws -> String {
        var chrome = PageChrome(
            title: title, reportTitle: title, csp: csp, root: "", generator: generator, stylesHTML: nil,
            scriptHTML: scriptHTML)
        chrome.hasNavigation = header != nil
        if let header {
            chrome.indexHref = selfHref
            chrome.summary = HeaderSummaryModel(
                verdict: header.verdict, verdictStatus: header.verdictStatus,
                counts: header.counts.map {
                    CountModel(label: $0.label, value: NumberText.count($0.value), status: $0.status, href: $0.href)
                })
        }
        chrome.hasScript = scriptHTML != nil
        switch stylesheet {
        case .linked(let root): chrome.root = root
        case .inline(let css): chrome.stylesHTML = css
        }
        return try templates.render(
            ShellPageModel(chrome: chrome, bodyHTML: bodyHTML), template: ShellPageModel.template)
    }

    /// The shell of `chrome` in two pieces, the start (through `<main>`) and the end (from `</main>`), for a document
    /// written between them in parts (the single file's sections), as the `page` template would wrap them.
    static func pieces(_ chrome: PageChrome, templates: TemplateSet) throws -> (start: String, end: String) {
        let model = ShellPageModel(chrome: chrome, bodyHTML: "")
        return (
            try templates.render(model, template: "header"), "\n" + (try templates.render(model, template: "footer"))
        )
    }
}
