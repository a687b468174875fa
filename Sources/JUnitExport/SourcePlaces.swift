import Foundation
import ResultModel
import ResultSupport

/// How the locations of each run are shown in JUnit and the Markdown summary: relative to the run's source root
/// (``SourcePaths``: an explicit `--source-root`, else the repository recorded with the run, else its working
/// directory), as the report shows them, and linked through `--source-url` when a template is given.
struct SourcePlaces: Sendable {
    private var byRun: [Int: SourceLinks] = [:]

    init() {}

    /// The places of `source`'s runs, relative to `explicitRoot` when given, linked through `template`.
    init(_ source: any ResultSource, explicitRoot: String?, template: LinkTemplate? = nil) {
        for run in source.runs {
            let root = SourcePaths.root(
                explicit: explicitRoot, recordedRoot: run.record.environmentValue("vcs.root"),
                workingDirectory: run.record.workingDirectory)
            byRun[run.index] = SourceLinks(
                root: root, commit: run.record.environmentValue("vcs.commit"), template: template,
                workingDirectory: run.record.workingDirectory)
        }
    }

    /// How the locations of run `runIndex` are shown and linked.
    func links(runIndex: Int) -> SourceLinks? { byRun[runIndex] }

    /// `location` with its file as shown for a test of run `runIndex`.
    func shown(_ location: SourceLocation, runIndex: Int) -> SourceLocation {
        guard let links = byRun[runIndex] else { return location }
        var shown = location
        shown.file = links.shownPath(location.file)
        return shown
    }
}
