/// How a run's source locations are shown and linked: the path relative to the run's source root
/// (``SourcePaths``), and the forge address `--source-url` makes of it, with `{commit}`, `{path}` and `{line}`
/// replaced. The one home of that rule for the report and the Markdown summary.
package struct SourceLinks: Sendable {
    /// The placeholders `--source-url` may use.
    package static let placeholders = ["commit", "path", "line"]

    /// Paths are shown relative to the root of these.
    package let paths: SourcePaths
    /// The commit `{commit}` stands for.
    package let commit: String?
    /// The `--source-url` template.
    package let template: LinkTemplate?
    /// The run's working directory, which relative recorded paths are relative to.
    package let workingDirectory: String?

    /// Links relative to `root` (nil: paths as recorded), for `commit`, through `template`; relative recorded
    /// paths are taken relative to `workingDirectory` when it is known.
    package init(root: String?, commit: String?, template: LinkTemplate?, workingDirectory: String? = nil) {
        paths = SourcePaths(root: root)
        self.commit = commit
        self.template = template
        self.workingDirectory = workingDirectory
    }

    /// `file` resolved against the working directory and the root (``SourcePaths/resolve(_:workingDirectory:)``).
    package func resolve(_ file: String) -> SourcePaths.Resolved {
        paths.resolve(file, workingDirectory: workingDirectory)
    }

    /// Parses a `--source-url` template.
    package static func template(_ text: String) throws(LinkTemplate.Problem) -> LinkTemplate {
        try LinkTemplate(text, allowed: placeholders)
    }

    /// The path of `file` as shown: relative to the root when under it, else as recorded.
    package func shownPath(_ file: String) -> String { resolve(file).path }

    /// The forge address of `file` at `line`, when a template is given and the file is under the root (or recorded
    /// relative); `nil` otherwise, or when the template needs a commit the run did not record.
    package func url(file: String, line: Int) -> String? {
        guard let template else { return nil }
        let resolved = resolve(file)
        guard !resolved.isOutsideRoot, !resolved.path.hasPrefix("/") else { return nil }
        var values = ["path": resolved.path, "line": String(max(1, line))]
        values["commit"] = commit
        return template.expand(values, keepingSlashes: ["path"])
    }
}
