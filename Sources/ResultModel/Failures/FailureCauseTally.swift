/// Counts failures by cause as tests are written, run by run (``RunFailureCauses``), grouping them exactly as
/// ``FailureClusters`` does. Bounded: at most ``maxCauses`` causes over all runs; a failure of any other cause is
/// counted in its run's ``RunFailureCauses/otherFailures``.
public struct FailureCauseTally: Sendable {
    /// The most causes kept over all runs: the run list of a bundle whose every failure is unique stays a few
    /// megabytes at most (a cause holds two lines of up to 400 characters and 24 short names).
    public static let maxCauses = 1_000

    private struct RunCause: Hashable {
        var runIndex: Int
        var signature: FailureSignature
    }

    private var runs: [Int: RunFailureCauses] = [:]
    private var places: [RunCause: Int] = [:]
    private var failuresSeen = 0

    /// An empty tally.
    public init() {}

    /// Counts `test` when it failed.
    public mutating func add(_ test: TestRecord) {
        guard test.status.isFailure, let signature = FailureSignature(of: test) else { return }
        let ordinal = failuresSeen
        failuresSeen += 1
        let key = RunCause(runIndex: test.runIndex, signature: signature)
        var run = runs[test.runIndex] ?? RunFailureCauses()
        defer { runs[test.runIndex] = run }
        let issue = test.distinctIssues.first { $0.kind.isFailure }
        let position: Int
        if let known = places[key] {
            position = known
        } else {
            guard places.count < Self.maxCauses else {
                run.otherFailures += 1
                return
            }
            position = run.causes.count
            places[key] = position
            run.causes.append(
                StoredFailureCause(
                    kind: signature.kind, text: signature.text, count: 0,
                    message: FailureClusters.sampleMessage(of: test, issue: issue), location: issue?.location,
                    first: ordinal, last: ordinal, modules: [], suites: [], files: []))
        }
        run.causes[position].count += 1
        run.causes[position].last = ordinal
        FailureClusters.note(test.identity.module, in: &run.causes[position].modules)
        FailureClusters.note(test.identity.suites.joined(separator: "/"), in: &run.causes[position].suites)
        FailureClusters.note(issue?.location?.file, in: &run.causes[position].files)
    }

    /// Each of `runCount` runs' causes (empty for a run without failures).
    public func causes(runCount: Int) -> [RunFailureCauses] {
        (0..<runCount).map { runs[$0] ?? RunFailureCauses() }
    }

    /// The causes of the runs that have failures, by run index.
    public var causesByRun: [Int: RunFailureCauses] { runs }
}
