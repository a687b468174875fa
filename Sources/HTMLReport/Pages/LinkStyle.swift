/// How the report's links name a place in it: the one rule every link builder asks (as swift-docc's renderer asks
/// its link provider), so that a report is drawn once for its output and nothing rewrites its links afterwards.
/// The folder report links its files by relative paths (`../failed.html#t-…`); the single-file report links the
/// sections of its one document by fragments (`#page-failed-t-…`).
///
/// Places are named from the report's root: a page by its path (`index.html`, `failed-2.html`, `tests/x-….html`),
/// a row by its list page and its test's hash. `root` is the path from the linking page to the root (`""`, or `"../"`
/// from a test page), which a fragment does without.
///
/// In the single file each page is a section whose id is ``sectionID(ofPage:)``, and the ids a kind of page repeats
/// (a test page's `attempt-2`, a list page's filter box, the failed and skipped lists' rows) get that section id as
/// a prefix (``idPrefix(ofPage:)``), so that each is unique in the document. The all-tests list's rows keep their
/// anchors (`t-…`): each test has exactly one such row.
enum LinkStyle: Sendable {
    /// A folder of pages linked by relative paths.
    case files
    /// One document whose pages are sections, linked by fragments.
    case singleFile

    /// The id of the section holding the page at `path` in the single file: `page-` and the path without its
    /// `.html`, each `/` as `-` (`page-index`, `page-failed-2`, `page-tests-x-0123456789abcdef`). Paths are our own
    /// sanitized names, so the id needs no escaping.
    static func sectionID(ofPage path: String) -> String {
        let stem = path.hasSuffix(".html") ? path.dropLast(".html".count) : Substring(path)
        return "page-" + stem.replacingOccurrences(of: "/", with: "-")
    }

    /// What the ids of the page at `path` start with: nothing in a folder, the page's section id and `-` in the
    /// single file.
    func idPrefix(ofPage path: String) -> String {
        switch self {
        case .files: ""
        case .singleFile: Self.sectionID(ofPage: path) + "-"
        }
    }

    /// The href of the page at `path` (from the report's root) on a page `root` away from the root.
    func href(toPage path: String, from root: String = "") -> String {
        switch self {
        case .files: root + path
        case .singleFile: "#" + Self.sectionID(ofPage: path)
        }
    }

    /// The href of the row of the test hashed `hash` (its anchor, ``ReportPaths/anchor(hash:)``) on `page`, on a page
    /// `root` away from the report's root.
    func href(toRow hash: UInt64, on page: ListPage, from root: StaticString = "") -> String {
        var buffer = OutputBuffer(capacity: 40)
        buffer.appendHref(toRow: hash, on: page, from: root, links: self)
        return buffer.string
    }
}

/// A page of one of the lists: `all-3.html`, `failed.html`, `failed-2.html`, `skipped.html`, …
struct ListPage: Equatable {
    /// The lists, by the name their pages' files start with.
    enum List: String {
        /// Every test, ``ReportOptions/testsPerListPage`` a page.
        case all
        /// The failed tests, with their stories.
        case failed
        /// The skipped tests, with their reasons.
        case skipped
    }

    var list: List
    /// The page's number, from 1.
    var number: Int

    /// The page's file: the failed and skipped lists' first pages keep their short names, which every report links
    /// to.
    var file: String {
        var buffer = OutputBuffer(capacity: 16)
        buffer.appendStem(of: self)
        buffer.append(".html")
        return buffer.string
    }
}

extension OutputBuffer {
    /// Appends `page`'s file name without `.html` (`all-3`, `failed`, `failed-2`).
    mutating func appendStem(of page: ListPage) {
        switch page.list {
        case .all: append("all-")
        case .failed: append(page.number > 1 ? "failed-" : "failed")
        case .skipped: append(page.number > 1 ? "skipped-" : "skipped")
        }
        if page.list == .all || page.number > 1 { appendDecimal(page.number) }
    }

    /// Appends the href of the row of the test hashed `hash` on `page`, `root` away from the report's root: the
    /// page and the row's anchor in a folder (`all-3.html#t-…`), the row's id in the single file (`#t-…`,
    /// `#page-failed-2-t-…`). Rows are the one link every test has, so this appends bytes without building strings.
    mutating func appendHref(toRow hash: UInt64, on page: ListPage, from root: StaticString, links: LinkStyle) {
        switch links {
        case .files:
            append(root)
            appendStem(of: page)
            append(".html#")
            appendAnchor(hash)
        case .singleFile:
            append("#")
            appendRowID(hash, on: page, links: links)
        }
    }

    /// Appends the id of the row of the test hashed `hash` on `page`: its anchor (`t-…`), with the page's section id
    /// before it on the failed and skipped lists of the single file, where the test has a row in the all-tests list
    /// too.
    mutating func appendRowID(_ hash: UInt64, on page: ListPage, links: LinkStyle) {
        if links == .singleFile && page.list != .all {
            append("page-")
            appendStem(of: page)
            append("-")
        }
        appendAnchor(hash)
    }
}
