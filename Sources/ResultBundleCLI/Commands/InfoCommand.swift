import ArgumentParser
import Foundation
import ResultBundle
import ResultModel
import ResultSupport

/// `resultbundle info`: a summary of a bundle.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Summarize a bundle: runs, counts by status, format version.",
        discussion: """
            `tests` counts test functions and methods the way the runners' own summary lines do; a parameterized \
            test counts once, in `tests` and in `parameterizedTests`, and its cases in `testCases` (every command \
            counts so: "164 tests (7 parameterized with 14 cases)"). `failed` includes thrown errors, crashes, \
            timeouts and interrupted tests. A warning says when no test ran, and how many listed tests did not \
            run (or that tests after a crash did not). A bundle whose writer was killed still opens: its complete tests are \
            counted and the torn tail is reported.

            Examples:
              resultbundle info run.resultbundle
              resultbundle info --json run.resultbundle | jq .totals
            """
    )

    @Argument(help: "The bundle to summarize.")
    var bundle: String

    @Flag(help: "Print the summary as JSON (formatVersion, runs, totals, notRun, damage, coverage).")
    var json = false

    func run() throws {
        let reader = try BundleOpening.open(bundle, quiet: json, limits: json ? .standard : .display)
        let info = try BundleInfo(reader: reader)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try StandardOutput.line(String(decoding: try encoder.encode(info), as: UTF8.self))
        } else {
            try StandardOutput.humanLines(InfoText.lines(info, path: bundle))
        }
    }
}

/// The human-readable form of `info`.
enum InfoText {
    /// The lines `info` prints; runs are numbered from 1, as the report and the summary number them.
    static func lines(_ info: BundleInfo, path: String) -> [String] {
        let totals = info.totals
        var lines = [
            "\(path): format \(info.formatVersion), \(NumberText.size(Int(info.fileSize))), "
                + Counted.noun(info.runs.count, "run")
        ]
        for run in info.runs {
            let record = run.record
            var facts = [record.name ?? "run \(run.index + 1)", record.source]
            if let os = record.host.operatingSystem { facts.append(os) }
            if let toolchain = record.toolchain { facts.append(toolchain) }
            if let exitCode = run.end?.exitCode { facts.append("exit \(exitCode)") }
            if let signal = run.end?.interruption { facts.append("cancelled by \(signal)") }
            if run.end == nil { facts.append("interrupted") }
            if let wallClock = run.end?.wallClock { facts.append("tests took \(seconds(wallClock)) wall clock") }
            lines.append("  run \(run.index + 1): " + facts.joined(separator: ", "))
        }
        var counts = "  \(totals.count): \(NumberText.count(totals.passed)) passed, "
        counts +=
            "\(NumberText.count(totals.failed)) failed, \(NumberText.count(totals.skipped)) skipped, \(Counted.noun(totals.expectedFailures, "expected failure"))"
        lines.append(counts)
        // Runs recorded before format 1.4 have no wall clock: then only the sum is known, and named so.
        let wallClocks = info.runs.map { $0.end?.wallClock }
        let timing = RunTiming(
            wallClock: wallClocks.contains(nil) ? nil : wallClocks.compactMap { $0 }.reduce(0, +),
            summed: totals.duration)
        var time = "  time: " + timing.phrase(seconds)
        if timing.isParallel, let concurrency = timing.concurrency {
            time += String(format: " (%.0f at a time on average)", concurrency)
        }
        lines.append(time)
        if let coverage = info.coverage {
            lines.append("  coverage: \(Counted.noun(coverage.files, "file")), " + CoverageText.lines(coverage.totals))
            for run in coverage.runs where coverage.runs.count > 1 {
                lines.append(
                    "    run \(run.runIndex + 1): \(Counted.noun(run.files, "file")), " + CoverageText.lines(run.totals)
                )
            }
        }
        if totals.tests == 0 { lines.append("  warning: no tests ran; a run with no test is not a success") }
        if let notRun = info.notRun.sentence { lines.append("  warning: " + notRun) }
        for damage in info.damage {
            lines.append("  \(damage.kind.rawValue) at byte \(damage.byteOffset): \(damage.message)")
        }
        return lines
    }

    private static func seconds(_ value: Double) -> String { NumberText.duration(value) }
}
