import ArgumentParser
import Foundation
import ResultBundle
import ResultSupport

/// `resultbundle verify`: reads every record and blob of a bundle and reports damage.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check every record and blob of a bundle.",
        discussion: """
            Reads every frame, record and blob, checking lengths, checksums and content hashes. Exits 0 when the \
            bundle is intact. Otherwise lists each damaged or missing object with its byte offset, still reports \
            what is readable, and exits 1.

            Examples:
              resultbundle verify run.resultbundle
              resultbundle verify --json run.resultbundle | jq .problems
            """
    )

    @Argument(help: "The bundle to check.")
    var bundle: String

    @Flag(help: "Print the report as JSON.")
    var json = false

    func run() throws {
        let reader = try BundleOpening.open(bundle, quiet: true)
        let report = try reader.verify()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try StandardOutput.line(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            try printText(report)
        }
        if !report.isIntact { throw ExitCode(1) }
    }

    private func printText(_ report: VerificationReport) throws {
        let verdict = report.isIntact ? "intact" : "DAMAGED (\(Counted.noun(report.problems.count, "problem")))"
        try StandardOutput.humanLine("\(bundle): format \(report.formatVersion), \(report.fileSize) bytes: \(verdict)")
        try StandardOutput.humanLine(
            "  \(Counted.noun(report.frameCount, "frame")), \(Counted.noun(report.runCount, "run")), "
                + "\(Counted.noun(report.suiteCount, "suite")), \(Counted.noun(report.testCount, "test")) and "
                + "\(Counted.noun(report.blobCount, "blob")) readable"
        )
        if !report.hasValidIndex { try StandardOutput.humanLine("  no valid index: the index was rebuilt by scanning") }
        for problem in report.problems {
            try StandardOutput.humanLine("  \(problem.kind.rawValue) at byte \(problem.byteOffset): \(problem.message)")
        }
    }
}
