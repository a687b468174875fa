import ArgumentParser
import Foundation
import PerformanceBaselines
import ResultModel

/// The options every command that judges measurements takes: where the baselines are, the machine's label, and
/// whether regressions only warn.
struct BaselineOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The baselines: a store folder, or Xcode's .xcbaseline folder (default: ./PerformanceBaselines when it exists).",
            valueName: "folder"))
    var baselines: String?

    @Option(help: "A name for this class of machines (for example ci-large); part of the machine's baseline key.")
    var machineLabel: String?

    @Flag(help: "Report measurements worse than their baselines without failing their tests.")
    var baselinesAdvisory = false

    @Flag(
        help: "Also fail a measurement the rank test finds significantly worse than its baseline's values (p < 0.05).")
    var failOnSignificant = false

    /// The location given, or the default store when it exists; `nil` when there is none.
    var location: BaselineLocation? {
        if let baselines { return BaselineLocation(url: URL(fileURLWithPath: baselines)) }
        let fallback = URL(fileURLWithPath: BaselineStore.defaultFolderName)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: fallback.path, isDirectory: &isFolder), isFolder.boolValue
        else { return nil }
        return BaselineLocation(url: fallback)
    }

    /// The location to write to: the one given, or the default store (created when first written).
    var writableLocation: BaselineLocation {
        location ?? BaselineLocation(url: URL(fileURLWithPath: BaselineStore.defaultFolderName))
    }

    /// The baselines there (none without a location).
    func catalog() throws -> BaselineCatalog {
        BaselineCatalog(try location?.load() ?? [])
    }

    /// What `record` and `import` judge measurements with: the baselines, when there is a location.
    func judgement() throws -> BaselineJudgement? {
        guard location != nil else { return nil }
        return BaselineJudgement(
            catalog: try catalog(), label: machineLabel, advisory: baselinesAdvisory,
            failsOnSignificant: failOnSignificant)
    }

    /// `sources` judged against the baselines, when there are any.
    func judged(_ sources: [any ResultSource]) throws -> [any ResultSource] {
        guard location != nil else { return sources }
        let catalog = try catalog()
        return sources.map {
            BaselineSource(
                $0, catalog: catalog, label: machineLabel, advisory: baselinesAdvisory,
                failsOnSignificant: failOnSignificant)
        }
    }
}

/// The baselines a writing command judges with, and the notes it prints afterwards.
struct BaselineJudgement {
    let catalog: BaselineCatalog
    let label: String?
    let advisory: Bool
    let failsOnSignificant: Bool

    /// A sink judging tests on their way to `base`.
    func sink(wrapping base: any ResultSink) -> BaselineSink {
        BaselineSink(
            wrapping: base, catalog: catalog, label: label, advisory: advisory, failsOnSignificant: failsOnSignificant)
    }

    /// What a judging sink found, as sentences: regressions, and runs whose machine has no baselines (naming the
    /// machines that have some).
    static func notes(_ sink: BaselineSink) -> [String] {
        var notes: [String] = []
        for (machine, hasBaselines) in sink.machines where !hasBaselines {
            if !machine.isKnown {
                notes.append("the run recorded no machine (CPU model and cores); measurements were not judged")
                continue
            }
            let others = sink.catalogKeys
            notes.append(
                "no baselines for this machine (\(machine.key))"
                    + (others.isEmpty ? "" : "; machines with baselines: \(others.joined(separator: ", "))"))
        }
        if sink.failures > 0 {
            notes.append(
                "\(sink.failures) measurement\(sink.failures == 1 ? "" : "s") worse than the baseline"
                    + (sink.isAdvisory ? " (advisory: tests not failed)" : ""))
        }
        return notes
    }
}
