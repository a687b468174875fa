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

    /// A failing issue as written, before its message is normalised.
    private struct RawCause: Hashable {
        var kind: IssueRecord.Kind
        var type: String?
        var message: String
    }

    /// The most signatures remembered by their issue's raw message (forgotten all at once past it).
    private static let signaturesRemembered = 4_096

    private var signatures: [RawCause: FailureSignature] = [:]
    private var runs: [Int: RunFailureCauses] = [:]
    private var places: [RunCause: Int] = [:]
    private var failuresSeen = 0

    /// An empty tally.
    public init() {}

    /// Counts `test` when it failed.
    public mutating func add(_ test: TestRecord) {
        guard test.status.isFailure else { return }
        let issue = test.distinctIssues.first { $0.kind.isFailure }
        let signature = self.signature(of: test, issue: issue)
        let ordinal = failuresSeen
        failuresSeen += 1
        let key = RunCause(runIndex: test.runIndex, signature: signature)
        let position: Int
        if let known = places[key] {
            position = known
        } else {
            guard places.count < Self.maxCauses else {
                runs[test.runIndex, default: RunFailureCauses()].otherFailures += 1
                return
            }
            position = runs[test.runIndex]?.causes.count ?? 0
            places[key] = position
            runs[test.runIndex, default: RunFailureCauses()].causes.append(
                StoredFailureCause(
                    kind: signature.kind, text: signature.text, count: 0,
                    message: FailureClusters.sampleMessage(of: test, issue: issue), location: issue?.location,
                    first: ordinal, last: ordinal, modules: [], suites: [], files: []))
        }
        // Changed in place: a copy of the run's causes per failed test would cost as much as the causes kept.
        Self.count(
            test, issue: issue, ordinal: ordinal, in: &runs[test.runIndex, default: RunFailureCauses()].causes[position]
        )
    }

    /// Counts the failed `test` in `cause`.
    private static func count(_ test: TestRecord, issue: IssueRecord?, ordinal: Int, in cause: inout StoredFailureCause)
    {
        cause.count += 1
        cause.last = ordinal
        FailureClusters.note(test.identity.module, in: &cause.modules)
        FailureClusters.note(test.identity.suites.joined(separator: "/"), in: &cause.suites)
        FailureClusters.note(issue?.location?.file, in: &cause.files)
    }

    /// ``FailureSignature/init(of:)`` of a failed `test` whose first failing issue is `issue`, normalising each
    /// distinct message once: the failures of a large run mostly repeat a few messages word for word.
    private mutating func signature(of test: TestRecord, issue: IssueRecord?) -> FailureSignature {
        guard let issue else {
            return FailureSignature(kind: test.status.rawValue, text: "\(test.status.rawValue) without a message")
        }
        let raw = RawCause(kind: issue.kind, type: issue.type, message: issue.message)
        if let known = signatures[raw] { return known }
        if signatures.count >= Self.signaturesRemembered { signatures.removeAll(keepingCapacity: true) }
        let signature = FailureSignature(issue)
        signatures[raw] = signature
        return signature
    }

    /// Each of `runCount` runs' causes (empty for a run without failures).
    public func causes(runCount: Int) -> [RunFailureCauses] {
        (0..<runCount).map { runs[$0] ?? RunFailureCauses() }
    }

    /// The causes of the runs that have failures, by run index.
    public var causesByRun: [Int: RunFailureCauses] { runs }
}
