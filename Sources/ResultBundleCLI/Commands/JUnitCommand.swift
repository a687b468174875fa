import ArgumentParser
import Foundation
import JUnitExport
import ResultBundle
import ResultSupport

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
              resultbundle junit run.resultbundle -o junit.xml --attachments-dir files
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

    @Option(help: "What failure locations are shown relative to (default: each run's repository, as the report does).")
    var sourceRoot: String?

    @Flag(help: "Replace an output that holds something resultbundle did not write (a file, or a folder's files).")
    var force = false

    @OptionGroup var quietOption: QuietOption

    @OptionGroup(title: "Performance baselines")
    var baselineOptions: BaselineOptions

    func validate() throws {
        guard !bundles.isEmpty else { throw ValidationError("Name at least one bundle to export.") }
        if flavor == .surefire, output.lowercased().hasSuffix(".xml") {
            throw ValidationError(
                "--flavor surefire writes a folder of TEST-<suite>.xml files, not one file: name a folder, for "
                    + "example -o surefire-reports (not \(output)).")
        }
    }

    func run() throws {
        let shape: OutputShape = flavor == .surefire ? .folder : .document(.junitXML)
        let plan = try OutputRules(shape: shape, force: force, inputs: bundles, suggestedName: "junit.xml").plan(
            for: output)
        let attachmentsPlan = try attachmentsDir.map {
            try OutputRules(shape: .folder, force: force, inputs: bundles).plan(for: $0)
        }
        let readers = try baselineOptions.judged(
            bundles.map { try BundleOpening.open($0, quiet: quietOption.quiet, limits: .display) })
        var options = JUnitExportOptions(flavor: flavor)
        options.sourceRoot = sourceRoot.map {
            URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                .standardizedFileURL.path
        }
        let summary: JUnitExportSummary
        let export = {
            try OutputWriting.produce(plan, shape: shape, command: "junit") { temporary in
                try JUnitExporter(options: options).export(readers, to: temporary)
            }
        }
        if case .replace(let folder) = attachmentsPlan {
            options.attachmentsDirectory = folder
            summary = try OutputWriting.produce(.replace(folder), shape: .folder, command: "junit") {
                options.attachmentsWriteDirectory = $0
                return try export()
            }
        } else {
            summary = try export()
        }
        if !quietOption.quiet {
            try OutputWriting.status(
                "\(output): \(Counted.noun(summary.testCases, "test case")) in \(Counted.noun(summary.suites, "suite")), "
                    + "\(summary.failures) failed, "
                    + "\(summary.skipped) skipped",
                besides: plan)
        }
    }
}
