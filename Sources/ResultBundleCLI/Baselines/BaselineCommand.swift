import ArgumentParser
import Foundation
import PerformanceBaselines
import ResultBundle
import ResultModel

/// `resultbundle baseline`: performance baselines per machine, kept with the source (docs/BASELINES.md).
struct BaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Set, show, check and remove performance baselines, per machine configuration.",
        discussion: """
            Baselines live in a folder kept with the source: PerformanceBaselines/ by default (one JSON file per \
            machine configuration), or Xcode's own .xcbaseline folder given with --baselines. A measurement is \
            judged only against the baseline of the same machine configuration: CPU model, logical cores, \
            architecture, OS family and --machine-label.

            Examples:
              resultbundle baseline set run.resultbundle
              resultbundle baseline check run.resultbundle --format markdown
              resultbundle baseline show
              resultbundle baseline set run.resultbundle --baselines MyTests.xcbaseline
            """,
        subcommands: [
            BaselineSetCommand.self, BaselineShowCommand.self, BaselineCheckCommand.self,
            BaselineRemoveCommand.self,
        ]
    )
}

/// Whether `text` matches a shell-style `pattern` (`*` any run of characters, `?` one).
func matchesPattern(_ text: String, _ pattern: String?) -> Bool {
    guard let pattern else { return true }
    return fnmatch(pattern, text, 0) == 0
}

/// `resultbundle baseline set`.
struct BaselineSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set or update the baselines of a run's machine from its averages, and print what changed.")

    @Argument(help: "The bundle whose measurements become the baselines.")
    var bundle: String

    @Option(help: "Only tests whose id (Module/Suite/name) matches this pattern (* and ?).")
    var test: String?

    @Option(help: "Only this metric (an identifier, ours or Xcode's).")
    var metric: String?

    /// The shape the baselines are written in.
    enum StoreFormat: String, ExpressibleByArgument, CaseIterable {
        case json, xcode
    }

    @Option(
        help: """
            json: our store (one JSON file per machine); xcode: Xcode's .xcbaseline folder (--baselines \
            NAME.xcbaseline; default PerformanceBaselines.xcbaseline). Default: the kind --baselines names.
            """)
    var format: StoreFormat?

    @OptionGroup var options: BaselineOptions

    /// Where to write: `--baselines` (of the kind `--format` asks), or the default of that kind.
    func location() throws -> BaselineLocation {
        switch (format, options.baselines) {
        case (.xcode, nil):
            return BaselineLocation(url: URL(fileURLWithPath: BaselineStore.defaultFolderName + ".xcbaseline"))
        case (.xcode, let path?) where !path.hasSuffix(".xcbaseline"),
            (.json, let path?) where path.hasSuffix(".xcbaseline"):
            throw CLIError(
                "--format \(format!.rawValue) does not match --baselines \(path): Xcode's folders end in .xcbaseline, "
                    + "our stores do not")
        default:
            return options.writableLocation
        }
    }

    func run() throws {
        let reader = try BundleOpening.open(bundle, quiet: true)
        let location = try location()
        var catalog = try location.load()
        let date = ISO8601DateFormatter().string(from: Date())
        var lines: [String] = []
        for run in reader.runs {
            let machine = MachineConfiguration(host: run.record.host, label: options.machineLabel)
            guard machine.isKnown else {
                throw CLIError(
                    "run \(run.index + 1) of \(bundle) recorded no machine (CPU model and cores), and baselines are "
                        + "kept per machine; make the run with `resultbundle record`, which records it")
            }
            var baselines = catalog.first { $0.machine == machine } ?? MachineBaselines(machine: machine)
            let origin = BaselineEntry.Origin(
                date: date, run: run.record.name,
                commit: run.record.environment.first { $0.name == "vcs.commit" }?.value)
            var changed = 0
            try reader.forEachTest { record in
                guard record.runIndex == run.index, matchesPattern(record.id, test),
                    let measurements = record.attempts.last?.measurements
                else { return }
                for measurement in measurements
                where metric.map({ MetricIdentifiers.same($0, measurement.metricID) }) ?? true {
                    guard !measurement.finiteValues.isEmpty else { continue }
                    let old = baselines.baseline(test: record.id, metric: measurement.metricID)
                    let entry = BaselineEntry(
                        test: record.id, metric: MetricIdentifiers.ours(measurement.metricID),
                        average: measurement.average, maxPercentRegression: old?.maxPercentRegression,
                        maxRegression: old?.maxRegression,
                        maxPercentRelativeStandardDeviation: old?.maxPercentRelativeStandardDeviation,
                        values: measurement.finiteValues, setBy: origin)
                    baselines.set(entry)
                    changed += 1
                    lines.append(BaselineText.change(entry, old: old, name: measurement.name, unit: measurement.unit))
                }
            }
            guard changed > 0 else { continue }
            try location.save(baselines)
            catalog.removeAll { $0.machine == machine }
            catalog.append(baselines)
            lines.insert("\(machine.key) (\(changed) baseline\(changed == 1 ? "" : "s")):", at: lines.count - changed)
        }
        if lines.isEmpty {
            try StandardOutput.line("no measurements matched; no baseline was set")
        } else {
            try StandardOutput.line(lines.joined(separator: "\n"))
            try StandardOutput.line("written to \(location.url.path)")
        }
    }
}

/// `resultbundle baseline show`.
struct BaselineShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "List the machines that have baselines, or one machine's baselines.")

    @Option(help: "Show this machine's baselines (its key, as listed without this option).")
    var machine: String?

    @OptionGroup var options: BaselineOptions

    func run() throws {
        let machines = try options.catalog().machines
        guard let key = machine else {
            if machines.isEmpty {
                try StandardOutput.line("no baselines in \(options.writableLocation.url.path)")
            }
            for machine in machines {
                try StandardOutput.line(
                    "\(machine.machine.key)  \(machine.baselines.count) baselines  "
                        + "(\(BaselineText.cell(machine.machine.description)))")
            }
            return
        }
        guard let found = machines.first(where: { $0.machine.key == key }) else {
            let known = machines.map(\.machine.key).joined(separator: ", ")
            throw CLIError(
                "no baselines for machine \(BaselineText.cell(key)); machines with baselines: \(known.isEmpty ? "none" : known)"
            )
        }
        try StandardOutput.line("\(found.machine.key): \(BaselineText.cell(found.machine.description))")
        for entry in found.baselines { try StandardOutput.line(BaselineText.entry(entry)) }
    }
}

/// `resultbundle baseline remove`.
struct BaselineRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove the baselines of tests matching a pattern.")

    @Option(help: "Tests whose id (Module/Suite/name) matches this pattern (* and ?).")
    var test: String

    @Option(help: "Only this machine (its key); default: every machine.")
    var machine: String?

    @Option(help: "Only this metric.")
    var metric: String?

    @OptionGroup var options: BaselineOptions

    func run() throws {
        var removed = 0
        for var baselines in try options.catalog().machines where machine.map({ $0 == baselines.machine.key }) ?? true {
            let before = baselines.baselines.count
            baselines.baselines.removeAll { entry in
                matchesPattern(entry.test, test) && (metric.map { MetricIdentifiers.same($0, entry.metric) } ?? true)
            }
            guard baselines.baselines.count != before else { continue }
            removed += before - baselines.baselines.count
            try options.writableLocation.save(baselines)
        }
        try StandardOutput.line("removed \(removed) baseline\(removed == 1 ? "" : "s")")
    }
}
