import ArgumentParser
import Coverage
import Foundation
import ResultSupport

/// `resultbundle coverage diff`: the coverage of the lines a change adds or rewrites.
struct CoverageDiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show the coverage of the lines a change adds or rewrites.",
        discussion: """
            The change is `git diff --unified=0 BASE` run in the source root (--base), or a unified diff on \
            standard input (--diff -). Of the added and rewritten lines, those that could run are counted: how \
            many ran, per file, and the ranges that did not. --fail-under and --fail-under-diff exit 1 when the \
            total or the changed lines' share is below them. Exit codes: 0, 1 below a threshold or an input \
            left out, 2 for bad usage or input.

            Examples:
              resultbundle coverage diff coverage.info --base origin/main
              git diff main... | resultbundle coverage diff cov.xml --diff - --format json
              resultbundle coverage diff coverage.info --base HEAD~1 --fail-under-diff 80
            """
    )

    /// How the result is written.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json
    }

    @OptionGroup var input: CoverageInputOptions

    @Option(help: "The commit, branch or tag to compare the working tree with (git diff BASE).")
    var base: String?

    @Option(help: "A file holding a unified diff, or - for standard input, instead of --base.")
    var diff: String?

    @Option(help: "The output: text (default), markdown or json.")
    var format: Format = .text

    @Option(name: .shortAndLong, help: "The file to write (default: standard output).")
    var output: String?

    @OptionGroup var thresholds: CoverageThresholdOptions

    @Flag(help: "Replace an output that holds something resultbundle did not write.")
    var force = false

    func validate() throws {
        guard (base == nil) != (diff == nil) else {
            throw ValidationError(
                "Give the change either with --base REF (runs git diff) or with --diff FILE or --diff -.")
        }
    }

    func run() throws {
        let kind = DocumentKind.coverageDiff(format)
        let plan = try output.map {
            try OutputRules(shape: .document(kind), force: force, inputs: input.inputs + (diff.map { [$0] } ?? []))
                .plan(for: $0)
        }
        let (run, hadErrors) = try input.read()
        let root = input.absoluteSourceRoot
        let change = try readChange(root: root)
        let coverage = DiffCoverage(run: run, diff: change, pathPrefix: GitDiffSource.pathPrefix(of: root))
        let text: String
        switch format {
        case .text: text = TerminalText.escapingLines(DiffCoverageText.lines(coverage)) + "\n"
        case .markdown: text = DiffCoverageMarkdown.document(coverage)
        case .json: text = DiffCoverageJSON.document(coverage)
        }
        try OutputWriting.write(Data(text.utf8), plan ?? .standardOutput)
        let failures = thresholds.failures(totals: coverage.totals, diff: coverage)
        for failure in failures { StandardError.humanLine("error: \(failure)") }
        if hadErrors || !failures.isEmpty { throw ExitCode(1) }
    }

    private func readChange(root: String) throws -> UnifiedDiff {
        if let base { return try GitDiffSource.diff(base: base, in: root) }
        return try diff.map(GitDiffSource.read(diffFile:)) ?? UnifiedDiff()
    }
}
