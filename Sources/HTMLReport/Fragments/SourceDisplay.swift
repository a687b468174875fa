import Foundation
import ResultModel
import ResultSupport

/// How the report shows the source locations of one run: paths relative to the run's source root (`--source-root`,
/// else the repository root the run recorded, else the repository around its working directory), each `file:line`
/// linked to the forge when `--source-url` gives a template, and the lines around an issue when the files are
/// found under that root (``SourceExcerpt``: nothing outside the root is read, symbolic links included).
struct SourceDisplay {
    /// Paths and forge links (``ResultSupport/SourceLinks``).
    let links: SourceLinks
    /// Where excerpts are read from, when that folder is on this machine.
    let excerpt: SourceExcerpt
    /// The SHA-256 of each source file the run's issues point into, as the run recorded it (format 1.4), by the
    /// path the issues give; empty for older runs, whose excerpts are shown unchecked.
    var recordedSources: [String: String] = [:]
    /// The run's coverage, when the report has it: an excerpt then marks which of its lines ran.
    var coverage: (any CoverageReportSource)?

    /// A display that shows locations as recorded, with no links and no excerpts.
    static var plain: SourceDisplay { SourceDisplay(root: nil, commit: nil, template: nil, excerptRoot: nil) }

    init(root: String?, commit: String?, template: LinkTemplate?, excerptRoot: URL?, workingDirectory: String? = nil) {
        links = SourceLinks(root: root, commit: commit, template: template, workingDirectory: workingDirectory)
        excerpt = SourceExcerpt(root: excerptRoot)
    }

    /// The display of `run`'s locations: `sourceRoot` (an option) or what the run recorded.
    init(run: RunRecord, sourceRoot: URL?, template: LinkTemplate?, readsRecordedFolders: Bool = true) {
        let root = SourcePaths.root(
            explicit: sourceRoot?.standardizedFileURL.path, recordedRoot: run.environmentValue("vcs.root"),
            workingDirectory: run.workingDirectory)
        var isFolder: ObjCBool = false
        let readable = sourceRoot != nil || readsRecordedFolders
        let onThisMachine =
            readable && (root.map { FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) } ?? false)
        self.init(
            root: root, commit: run.environmentValue("vcs.commit"), template: template,
            excerptRoot: onThisMachine && isFolder.boolValue ? root.map { URL(fileURLWithPath: $0) } : nil,
            workingDirectory: run.workingDirectory)
    }

    /// The display of `run`'s locations, checking excerpts against the source hashes its end recorded.
    init(run: RunResult, sourceRoot: URL?, template: LinkTemplate?, readsRecordedFolders: Bool = true) {
        self.init(
            run: run.record, sourceRoot: sourceRoot, template: template, readsRecordedFolders: readsRecordedFolders)
        for file in run.end?.sources ?? [] { recordedSources[file.path] = file.sha256 }
    }

    /// The source lines around `location`, when its file is found under the root (never outside it); when the
    /// file changed since the run recorded its hash, a note that says so instead (with a link to the file at the
    /// recorded commit when `--source-url` gives one), since today's lines would not be the ones that failed.
    func excerptHTML(_ location: SourceLocation?) -> String? {
        guard let location else { return nil }
        let resolved = links.resolve(location.file)
        var local = location
        // Under the root: its path there; otherwise as recorded, which the excerpt matches by its last components
        // (a path recorded on another machine), still only under the root.
        if !resolved.isOutsideRoot { local.file = resolved.path }
        // Coverage paths are relative to the root, so only a location under it has its lines' counts.
        let lines = resolved.isOutsideRoot ? nil : (try? coverage?.coverage(ofFile: resolved.path)) ?? nil
        switch excerpt.excerpt(for: local, expectedSHA256: recordedSources[location.file], coverage: lines) {
        case .lines(let html): return html
        case .changed: return changedNote(location)
        case nil: return nil
        }
    }

    /// `The source file changed since the run`, linked to the file at the recorded commit when there is a link.
    private func changedNote(_ location: SourceLocation) -> String {
        var html = OutputBuffer(capacity: 160)
        html.append("<p class=\"source-changed\">")
        html.appendEscapedHTML(DisplayText.clean(links.shownPath(location.file)))
        html.append(" changed since the run; its lines now are not the ones this issue was about.")
        if let link = links.url(file: location.file, line: location.line) {
            html.append(" <a class=\"source-link\" href=\"")
            html.appendEscapedHTML(link)
            // With a commit the link shows the file as it was; without one, only where it lives.
            html.append(
                links.commit == nil ? "\">The file on the forge</a>." : "\">The file at the recorded commit</a>.")
        }
        html.append("</p>")
        return html.string
    }

    /// Whether pages can show source lines around issues.
    var showsSource: Bool { excerpt.root != nil }

    /// A file's path as the report shows it: relative to the root when under it.
    func shownPath(_ file: String) -> String { links.shownPath(file) }

    /// `path:line` or `path:line:column`, with the path relative to the root when under it.
    func text(_ location: SourceLocation) -> String {
        var shown = location
        shown.file = links.shownPath(location.file)
        return shown.description
    }

    /// Appends `<code class="location">path:line</code>`, inside a link to the forge when there is one.
    func appendHTML(_ location: SourceLocation, to html: inout OutputBuffer) {
        let link = links.url(file: location.file, line: location.line)
        if let link {
            html.append("<a class=\"source-link\" href=\"")
            html.appendEscapedHTML(link)
            html.append("\">")
        }
        html.append("<code class=\"location\">")
        html.appendEscapedHTML(DisplayText.clean(text(location)))
        html.append("</code>")
        if link != nil { html.append("</a>") }
    }

    /// The markup of ``appendHTML(_:to:)``, as a string.
    func html(_ location: SourceLocation) -> String {
        var html = OutputBuffer(capacity: 96)
        appendHTML(location, to: &html)
        return html.string
    }
}
