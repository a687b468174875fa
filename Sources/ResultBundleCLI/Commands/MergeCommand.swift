import ArgumentParser
import Foundation
import ResultBundle
import ResultSupport

/// `resultbundle merge`: joins shards and configurations into one bundle.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join several bundles (shards, configurations) into one.",
        discussion: """
            Every run keeps its own metadata (host, OS, toolchain, CPU); blobs shared by several inputs are \
            stored once. Damaged inputs are read up to their damage, and the damage is reported.

            Examples:
              resultbundle merge shard1.resultbundle shard2.resultbundle -o a.resultbundle
              resultbundle merge linux.resultbundle macos.resultbundle -o all.resultbundle
              resultbundle merge shard-*.resultbundle --as linux -o linux.resultbundle

            --as NAME names every run of the result NAME: shards of one configuration then count as one \
            configuration (one column of the report's matrix, one key in compare and history).
            """
    )

    @Argument(help: "The bundles to join.")
    var bundles: [String]

    @Option(name: .shortAndLong, help: "The bundle to write.")
    var output: String

    @Option(name: .customLong("as"), help: "Name every run of the result (shards of one configuration).")
    var runName: String?

    @Flag(help: "Replace OUT even when it is a file that is not a bundle.")
    var force = false

    @OptionGroup var quietOption: QuietOption

    func validate() throws {
        guard !bundles.isEmpty else { throw ValidationError("Name at least one bundle to merge.") }
        if let runName, runName.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--as needs a name.")
        }
        let destination = URL(fileURLWithPath: output).standardizedFileURL.path
        if bundles.contains(where: { URL(fileURLWithPath: $0).standardizedFileURL.path == destination }) {
            throw ValidationError("The output \(output) is also an input; write the merge to a new file.")
        }
    }

    func run() throws {
        let plan = try OutputRules(shape: .bundle, force: force, inputs: bundles).plan(for: output)
        for bundle in bundles where !FileManager.default.fileExists(atPath: bundle) {
            throw CLIError("\(bundle): no such file")
        }
        let inputs = bundles.map { URL(fileURLWithPath: $0) }
        let outcome = try OutputWriting.produce(plan, shape: .bundle, command: "merge") { temporary in
            try BundleMerger().merge(inputs, into: temporary, runName: runName)
        }
        for damage in outcome.damage { StandardError.humanLine("warning: \(damage)") }
        if !quietOption.quiet {
            try OutputWriting.status(
                "\(output): \(Counted.noun(outcome.runCount, "run")), \(Counted.noun(outcome.testCount, "test")), "
                    + Counted.noun(outcome.blobCount, "blob"),
                besides: plan)
        }
    }
}
