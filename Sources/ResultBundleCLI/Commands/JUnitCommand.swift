import ArgumentParser
import Foundation
import JUnitExport
import ResultBundle

extension JUnitFlavor: ExpressibleByArgument {}

/// `resultbundle junit`: JUnit XML for other CI systems.
struct JUnitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "junit",
        abstract: "Write JUnit XML that Jenkins, GitLab, GitHub reporters and others read.",
        discussion: """
            Flavors: jenkins (default; flat, valid against Jenkins' JUnit schema), xunit (the xUnit plugin's \
            model, with flakyFailure/rerunFailure for retries), surefire (a folder of TEST-<suite>.xml files in \
            Maven Surefire's format). Characters XML forbids are replaced, times have at most 3 decimals, and \
            every count equals its children. See docs/JUNIT.md for how names map.

            Examples:
              resultbundle junit run.resultbundle -o junit.xml
              resultbundle junit run.resultbundle -o junit.xml --attachments-dir junit-attachments
              resultbundle junit run.resultbundle -o surefire-reports --flavor surefire
            """
    )

    @Argument(help: "The bundles to export.")
    var bundles: [String]

    @Option(name: .shortAndLong, help: "The XML file to write (a folder for --flavor surefire).")
    var output: String

    @Option(help: "The dialect: \(JUnitFlavor.allCases.map(\.rawValue).joined(separator: ", ")).")
    var flavor: JUnitFlavor = .jenkins

    @Option(help: "Export attachments into this folder and reference them as [[ATTACHMENT|path]] lines.")
    var attachmentsDir: String?

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        guard !bundles.isEmpty else { throw ValidationError("Name at least one bundle to export.") }
    }

    func run() throws {
        let readers = try bundles.map { try BundleOpening.open($0, quiet: quiet) }
        let options = JUnitExportOptions(
            flavor: flavor, attachmentsDirectory: attachmentsDir.map { URL(fileURLWithPath: $0) })
        let summary: JUnitExportSummary
        do {
            summary = try AtomicOutput.write(to: URL(fileURLWithPath: output)) { temporary in
                try JUnitExporter(options: options).export(readers, to: temporary)
            }
        } catch let error as JUnitExportError {
            throw CLIError("\(error)")
        } catch let error as BundleError {
            throw CLIError("\(error)")
        }
        if !quiet {
            print(
                "\(output): \(summary.testCases) test cases in \(summary.suites) suites, \(summary.failures) failed, \(summary.skipped) skipped"
            )
        }
    }
}
