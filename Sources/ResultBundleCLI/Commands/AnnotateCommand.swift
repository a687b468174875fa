import ArgumentParser
import CIAnnotations
import Foundation
import ResultBundle
import ResultSupport

extension AnnotationFormat: ExpressibleByArgument {}

/// `resultbundle annotate`: the CI system's own failure annotations (docs/ANNOTATE.md).
struct AnnotateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "annotate",
        abstract: "Write failures as the CI system's own annotations (GitHub, GitLab, Azure Pipelines, TeamCity).",
        discussion: """
            github: workflow commands (::error, ::warning) that GitHub shows beside the code; at most \
            --max-annotations errors and as many warnings (default 10, GitHub's limit per step), the rest counted \
            in one ::notice line. gitlab: a Code Quality report for artifacts:reports:codequality. azure: \
            ##vso[task.logissue] commands. teamcity: service messages for the whole test tree. Failed tests are \
            errors; performance regressions and tests that passed on retry are warnings. Paths are made relative \
            to --root (default: the git work tree around the current directory, else each run's working \
            directory). Without --format, the CI system is detected from its environment variables. The exit \
            code is 0 whether or not tests failed (docs/ANNOTATE.md). With --coverage-base REF or \
            --coverage-diff FILE, changed lines the tests did not run are warnings too, merged into ranges, at \
            most --max-coverage-per-file per file and --max-coverage-annotations in all.

            Examples:
              resultbundle annotate run.resultbundle --format github
              resultbundle annotate run.resultbundle --format gitlab -o code-quality.json
              resultbundle annotate run.resultbundle --format azure --root "$PWD"
              resultbundle annotate shard-*.resultbundle --format teamcity
              resultbundle annotate run.resultbundle --coverage-base origin/main
            """
    )

    @Argument(help: "The bundles to annotate.")
    var bundles: [String]

    @Option(help: "The CI system: github, gitlab, azure or teamcity (default: detected from the environment).")
    var format: AnnotationFormat?

    @Option(name: .shortAndLong, help: "Where to write (default, or -: standard output).")
    var output = "-"

    @Option(
        help:
            "The repository root paths are made relative to (default: the git work tree around the current directory).")
    var root: String?

    @Option(help: "The most errors, and the most warnings, to annotate (github: default 10; azure: default all).")
    var maxAnnotations: Int?

    @Flag(help: "Replace an existing file even when it does not look like this command's output.")
    var force = false

    @OptionGroup(title: "Performance baselines")
    var baselineOptions: BaselineOptions

    @OptionGroup(title: "Code coverage of a change")
    var coverageOptions: AnnotateCoverageOptions

    func validate() throws {
        guard !bundles.isEmpty else { throw ValidationError("Name at least one bundle to annotate.") }
        if let maxAnnotations, maxAnnotations < 0 {
            throw ValidationError("--max-annotations must be 0 or more.")
        }
        if format == nil && Self.detectedFormat() == nil {
            throw ValidationError(
                "No CI system detected from the environment; name one with --format github|gitlab|azure|teamcity.")
        }
        if let root {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("--root \(root) is not a folder; name the repository's root folder.")
            }
        }
    }

    func run() throws {
        let format = format ?? Self.detectedFormat() ?? .github
        let suggestedName = format == .gitlab ? "gl-code-quality-report.json" : "annotations.txt"
        let plan = try OutputRules(
            shape: .document(.annotations(format)), force: force, inputs: bundles, suggestedName: suggestedName
        ).plan(for: output)
        let readers = try baselineOptions.judged(bundles.map { try BundleOpening.open($0, limits: .display) })
        var renderer = AnnotationRenderer(format: format, root: rootFolder(), maxPerSeverity: maxAnnotations)
        renderer.uncoveredChanges = try coverageOptions.uncoveredChanges(bundles: bundles)
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        let inputs = zip(bundles, readers).map {
            (name: URL(fileURLWithPath: $0, relativeTo: current).standardizedFileURL.path, source: $1)
        }
        if plan == .standardOutput {
            try renderer.render(inputs) {
                try CheckedWrite.write(Data($0.utf8), to: STDOUT_FILENO, named: StandardOutput.name)
            }
        } else {
            try OutputWriting.produce(plan, shape: .document(.annotations(format)), command: "annotate") { file in
                try CheckedWrite.writeFile(file, named: output) { descriptor in
                    try renderer.render(inputs) {
                        try CheckedWrite.write(Data($0.utf8), to: descriptor, named: output)
                    }
                }
            }
        }
    }

    /// `--root` made absolute, or the git work tree around the current directory; `nil` lets each run's working
    /// directory serve.
    private func rootFolder() -> String? {
        let current = FileManager.default.currentDirectoryPath
        if let root {
            return URL(fileURLWithPath: root, relativeTo: URL(fileURLWithPath: current, isDirectory: true))
                .standardizedFileURL.path
        }
        return SourcePaths.repositoryRoot(containing: current)
    }

    /// The CI system whose environment variables are set: `GITHUB_ACTIONS`, `GITLAB_CI`, `TF_BUILD`,
    /// `TEAMCITY_VERSION`.
    static func detectedFormat() -> AnnotationFormat? {
        let environment = ProcessInfo.processInfo.environment
        if environment["GITHUB_ACTIONS"] == "true" { return .github }
        if environment["GITLAB_CI"] != nil { return .gitlab }
        if environment["TF_BUILD"] != nil { return .azure }
        if environment["TEAMCITY_VERSION"] != nil { return .teamcity }
        return nil
    }
}
