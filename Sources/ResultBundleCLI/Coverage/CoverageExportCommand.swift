import ArgumentParser
import Coverage
import Foundation
import ResultSupport

extension CoverageExportFormat: ExpressibleByArgument {}

/// `resultbundle coverage export`: a run's coverage in the format another tool reads.
struct CoverageExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write coverage as Cobertura XML, an lcov tracefile, SonarQube's generic XML or JSON.",
        discussion: """
            The inputs are read and merged (hits summed, lines unioned), so this also converts between formats. \
            Cobertura is valid against Cobertura's DTD (GitLab's coverage_report, Azure DevOps, Jenkins); lcov is \
            read by lcov and genhtml (run genhtml in the source root), Coveralls and Codecov; sonarqube is \
            SonarQube's generic coverage (sonar.coverageReportPaths); json is resultbundle's own, with \
            everything it holds. docs/COVERAGE.md says what each format cannot carry.

            Examples:
              resultbundle coverage export coverage.info --format cobertura -o coverage.xml
              resultbundle coverage export cover.out jacoco.xml --format lcov -o all.info
              resultbundle coverage export run.resultbundle --format sonarqube -o sonar.xml
            """
    )

    @OptionGroup var input: CoverageInputOptions

    @Option(help: "The format: \(CoverageExportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: CoverageExportFormat

    @Option(name: .shortAndLong, help: "The file to write (- for standard output).")
    var output: String

    @Flag(help: "Replace an output that holds something resultbundle did not write.")
    var force = false

    @OptionGroup var quietOption: QuietOption

    func run() throws {
        let shape = OutputShape.document(.coverageExport(format))
        let plan = try OutputRules(
            shape: shape, force: force, inputs: input.inputs, suggestedName: format.suggestedFileName
        ).plan(for: output)
        let (run, hadErrors) = try input.read()
        let options = CoverageExportOptions(
            sourceRoot: input.absoluteSourceRoot, timestamp: Date().timeIntervalSince1970,
            producer: ResultBundleCommand.producer)
        try OutputWriting.produce(plan, shape: shape, command: "coverage export") { temporary in
            try CoverageExporter.write(run, format: format, options: options, toFile: temporary.path)
        }
        if !quietOption.quiet {
            let totals = run.totals
            try OutputWriting.status(
                "\(output): \(format.rawValue), \(Counted.noun(run.files.count, "file")), lines "
                    + (CoveragePercent.text(hit: totals.linesHit, found: totals.linesFound) ?? "-")
                    + " (\(totals.linesHit) of \(totals.linesFound))",
                besides: plan)
        }
        // An input left out (named above) is exit 1, as for import.
        if hadErrors { throw ExitCode(1) }
    }
}
