import Foundation
import ResultModel

/// Joins several bundles (shards, configurations, reruns) into one.
///
/// Each input is appended by ``BundleRewriter``: runs are renumbered in input order, each keeping its record and
/// end; suites and tests get their new run index; each distinct blob is copied once, frame for frame, without
/// recompressing. Streaming: one record batch and one 1 MiB chunk in memory. Damage in an input is skipped and
/// reported in the outcome.
public struct BundleMerger: Sendable {
    /// What a merge wrote and what it had to skip.
    public struct Outcome: Sendable, Hashable {
        /// Runs in the merged bundle.
        public var runCount = 0
        /// Tests in the merged bundle.
        public var testCount = 0
        /// Distinct blobs in the merged bundle.
        public var blobCount = 0
        /// Damage found in the inputs, in input order; empty when every input was intact.
        public var damage: [InputDamage] = []
    }

    /// Damage found in one input.
    public struct InputDamage: Sendable, Hashable, CustomStringConvertible {
        /// The input's path.
        public var path: String
        /// The damage.
        public var damage: BundleDamage
        /// `path: byte N: message`.
        public var description: String { "\(path): \(damage)" }
    }

    /// The limits used to read the inputs.
    public var limits: BundleLimits

    /// Creates a merger.
    public init(limits: BundleLimits = .standard) { self.limits = limits }

    /// Merges `inputs`, in order, into a new bundle at `output` (created or truncated; the caller picks a temporary
    /// name and renames it). The inputs are only read. `runName`, when given, names every run of the result (shards
    /// of one configuration, `merge --as`).
    /// - Throws: ``BundleError`` when an input cannot be opened (not a bundle, newer major) or writing fails.
    @discardableResult
    public func merge(_ inputs: [URL], into output: URL, runName: String? = nil) throws -> Outcome {
        let writer = try BundleWriter(creating: output, flushPolicy: .batched, limits: limits)
        let rewriter = BundleRewriter(into: writer)
        var outcome = Outcome()
        for input in inputs {
            let reader = try BundleReader(url: input, limits: limits)
            let counts = try rewriter.append(reader, runName: runName)
            outcome.runCount += counts.runs
            outcome.testCount += counts.tests
            outcome.damage += reader.damage.map { InputDamage(path: input.path, damage: $0) }
        }
        try writer.close()
        outcome.blobCount = writer.index.blobs.count
        return outcome
    }

    /// Rewrites one bundle with large record batches: the compact form of a bundle written live with
    /// ``BundleWriter/FlushPolicy/everyTest`` (one small, poorly compressed batch per test). Content, run numbers
    /// and blobs stay the same; `record` can compact its live file into the final one when the run ends.
    @discardableResult
    public func compact(_ input: URL, into output: URL) throws -> Outcome {
        try merge([input], into: output)
    }
}
