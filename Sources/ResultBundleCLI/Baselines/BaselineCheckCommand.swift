import ArgumentParser
import Foundation
import PerformanceBaselines
import ResultBundle
import ResultModel

/// `resultbundle baseline check`: every measurement against its machine's baseline.
struct BaselineCheckCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json
    }

    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check every measurement of a run against its machine's baseline; exit 1 on a regression.",
        discussion: """
            Verdicts follow XCTest: a measurement fails when its average is worse than the baseline by more than \
            maxPercentRegression (10%) and by more than maxRegression (0.1 in its unit), or when its relative \
            standard deviation is over 10% and its standard deviation over 0.1.
            """)

    @Argument(help: "The bundle to check.")
    var bundle: String

    @Option(help: "text (a table), markdown or json.")
    var format = Format.text

    @OptionGroup var options: BaselineOptions

    func run() throws {
        let reader = try BundleOpening.open(bundle, quiet: true)
        let catalog = try options.catalog()
        var rows: [BaselineCheckRow] = []
        var notes: [String] = []
        for run in reader.runs {
            let machine = MachineConfiguration(host: run.record.host, label: options.machineLabel)
            let application = BaselineApplication(
                machine: machine, baselines: catalog.baselines(for: machine), advisory: true)
            var unjudged = 0
            try reader.forEachTest { test in
                guard test.runIndex == run.index, let measurements = test.attempts.last?.measurements else { return }
                for measurement in measurements {
                    if let entry = application.baseline(forTest: test.id, metric: measurement.metricID) {
                        let judged = BaselineApplication.applying(entry, to: measurement, machineKey: machine.key)
                        rows.append(BaselineCheckRow(test: test.id, measurement: judged))
                    } else {
                        // A baseline the bundle carries (judged when it was recorded) is not this store's: the
                        // row says there is none, as the note below does.
                        var unjudgedMeasurement = measurement
                        unjudgedMeasurement.baselineAverage = nil
                        unjudgedMeasurement.baselineName = nil
                        unjudgedMeasurement.baselineValues = nil
                        rows.append(BaselineCheckRow(test: test.id, measurement: unjudgedMeasurement))
                        unjudged += 1
                    }
                }
            }
            if unjudged > 0 && !machine.isKnown {
                notes.append(
                    "run \(run.index + 1) recorded no machine (CPU model and cores); its measurements are not judged")
            } else if unjudged > 0 && application.baselines == nil {
                let others = catalog.machines.map(\.machine.key)
                notes.append(
                    "no baselines for this run's machine \(machine.key)"
                        + (others.isEmpty ? "" : "; machines with baselines: \(others.joined(separator: ", "))"))
            }
        }
        let output: String
        switch format {
        case .text: output = BaselineCheckRow.table(rows, notes: notes)
        case .markdown: output = BaselineCheckRow.markdown(rows, notes: notes)
        case .json: output = try BaselineCheckRow.json(rows, notes: notes)
        }
        try StandardOutput.line(output)
        let significant = options.failOnSignificant && rows.contains { $0.statistics?.significantlyWorse == true }
        if rows.contains(where: { $0.verdict.isFailure }) || significant { throw ExitCode(1) }
    }
}

/// One measurement in `baseline check`'s output.
struct BaselineCheckRow: Encodable {
    var test: String
    var metric: String
    var name: String
    var unit: String
    var value: Double
    var baseline: Double?
    var changePercent: Double?
    var allowed: String
    private var maxPercentRegression: Double
    private var maxRegression: Double
    var verdict: MeasurementVerdict
    /// Whether the change is over the allowed percentage but passes because it is within the absolute allowance
    /// (`maxRegression`, XCTest's 0.1 s floor); `nil` without a baseline.
    var withinAbsoluteFloor: Bool?
    var statistics: Statistics?

    private enum CodingKeys: String, CodingKey {
        case test, metric, name, unit, value, baseline, changePercent, allowed, verdict, withinAbsoluteFloor
        case statistics
    }

    /// The rank comparison with the baseline's values (docs/BASELINES.md).
    struct Statistics: Encodable {
        var u: Double
        var pValue: Double
        var exact: Bool
        var shift: Double
        var lower: Double
        var upper: Double
        var confidence: Double
        var significantlyWorse: Bool
        var summary: String
    }

    init(test: String, measurement: MeasurementRecord) {
        self.test = test
        metric = measurement.metricID
        name = measurement.name
        unit = measurement.unit
        value = measurement.average
        baseline = measurement.baselineAverage
        changePercent = measurement.baselineAverage.flatMap { base in
            base == 0 ? nil : (measurement.average - base) / abs(base) * 100
        }
        maxPercentRegression = measurement.maxPercentRegression
        maxRegression = measurement.maxRegression
        allowed =
            "\(BaselineText.number(measurement.maxPercentRegression))% and "
            + "\(BaselineText.number(measurement.maxRegression)) \(measurement.unit)"
        verdict = measurement.verdict
        if verdict.outcome == .passed, let percent = measurement.percentRegression {
            let allowed = measurement.maxPercentRegression
            withinAbsoluteFloor = percent - allowed > 1e-9 * max(1, allowed)
        } else if measurement.baselineAverage != nil {
            withinAbsoluteFloor = false
        }
        if let comparison = measurement.rankComparison, let summary = measurement.statisticsSummary {
            statistics = Statistics(
                u: comparison.u, pValue: comparison.pValue, exact: comparison.isExact, shift: comparison.shift,
                lower: comparison.interval.lowerBound, upper: comparison.interval.upperBound,
                confidence: comparison.confidence, significantlyWorse: measurement.isSignificantlyWorse,
                summary: summary)
        }
    }

    var verdictText: String {
        switch verdict.outcome {
        case .passed where withinAbsoluteFloor == true:
            "passed (over \(BaselineText.number(maxPercentRegression))% but within "
                + "\(BaselineText.number(maxRegression)) \(BaselineText.cell(unit)))"
        case .passed: "passed"
        case .passedWithoutBaseline: "no baseline"
        case .failedRegression: "REGRESSED"
        case .failedVariation: "TOO VARIABLE"
        case .noValues: "no values"
        }
    }

    var cells: [String] {
        [
            test, name, BaselineText.number(value) + " " + unit, baseline.map { BaselineText.number($0) } ?? "-",
            changePercent.map { BaselineText.percent($0) } ?? "-", allowed, verdictText,
            statistics.map { String($0.summary.dropFirst("statistics: ".count)) } ?? "-",
        ].map(BaselineText.cell)
    }

    static let headers = ["test", "metric", "value", "baseline", "change", "allowed", "verdict", "statistics"]

    static func table(_ rows: [BaselineCheckRow], notes: [String]) -> String {
        guard !rows.isEmpty else { return (["no measurements"] + notes).joined(separator: "\n") }
        let all = [headers] + rows.map(\.cells)
        // Columns are padded to their widest cell up to a screen's width; a longer cell runs over its column
        // rather than padding every other row to its length.
        let widths = headers.indices.map { column in
            all.map { min(maxColumnWidth + 1, $0[column].unicodeScalars.count) }.filter { $0 <= maxColumnWidth }
                .max() ?? 0
        }
        let lines = all.map { cells in
            var line = ""
            for (column, cell) in cells.enumerated() {
                if column > 0 { line += "  " }
                line += cell
                let width = cell.unicodeScalars.count
                if width < widths[column] { line += String(repeating: " ", count: widths[column] - width) }
            }
            while line.last == " " { line.removeLast() }
            return line
        }
        return (lines + notes).joined(separator: "\n")
    }

    /// The widest a column is padded to, in Unicode scalars.
    static let maxColumnWidth = 80

    static func markdown(_ rows: [BaselineCheckRow], notes: [String]) -> String {
        var lines = [
            "| " + headers.joined(separator: " | ") + " |", "|" + String(repeating: "---|", count: headers.count),
        ]
        lines += rows.map { row in "| " + row.cells.map(BaselineText.markdownCell).joined(separator: " | ") + " |" }
        return (lines + notes.map { "\n" + BaselineText.markdownCell($0) }).joined(separator: "\n")
    }

    static func json(_ rows: [BaselineCheckRow], notes: [String]) throws -> String {
        struct Document: Encodable {
            var measurements: [BaselineCheckRow]
            var notes: [String]
            var regressions: Int
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // As in the bundle's JSON (docs/FORMAT.md): a value a broken metric reported may be infinite or NaN.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let document = Document(
            measurements: rows, notes: notes, regressions: rows.filter { $0.verdict.isFailure }.count)
        return String(decoding: try encoder.encode(document), as: UTF8.self)
    }
}
