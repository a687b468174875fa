/// Failures grouped by cause (``FailureSignature``), largest first, each with its count, a sample message, the
/// modules, suites and files it spans and the first tests behind it. Bounded: a run whose every failure is unique
/// keeps at most ``maxClusters`` clusters and counts the rest as ``unclusteredFailures``.
public struct FailureClusters: Sendable {
    /// One cause and the failures that share it.
    public struct Cluster: Sendable {
        /// What the failures share.
        public let signature: FailureSignature
        /// How many failed tests share it.
        public internal(set) var count = 0
        /// The first failure's message, first line, as written.
        public let sampleMessage: String
        /// Where the first failure points, when it says.
        public let sampleLocation: SourceLocation?
        /// The distinct modules, suites and files of its tests (at most ``FailureClusters/maxListed`` each).
        public internal(set) var modules: [String] = []
        public internal(set) var suites: [String] = []
        public internal(set) var files: [String] = []
        /// The ids of its first tests (at most ``FailureClusters/maxTestsKept``).
        public internal(set) var testIDs: [String] = []

        /// The stable id of the cause.
        public var id: String { signature.id }
    }

    /// The most clusters kept.
    public static let maxClusters = 10_000
    /// The most modules, suites and files listed per cluster.
    public static let maxListed = 8
    /// The most test ids kept per cluster.
    public static let maxTestsKept = 100

    var clusters: [Cluster] = []
    var positions: [FailureSignature: Int] = [:]
    /// Failures not grouped because ``maxClusters`` causes were already kept.
    public private(set) var unclusteredFailures = 0

    /// An empty grouping.
    public init() {}

    /// Adds `test` when it failed; returns its cause's signature when the test is in a cluster (`nil` when it did
    /// not fail, or failed once ``maxClusters`` other causes were kept), so a caller can place the test by its cause
    /// without normalising its message a second time.
    @discardableResult
    public mutating func add(_ test: TestRecord) -> FailureSignature? {
        // Checked before the signature's initialiser, which takes its test as its own: a copy of every passed test.
        guard test.status.isFailure, let signature = FailureSignature(of: test) else { return nil }
        let issue = test.distinctIssues.first { $0.kind.isFailure }
        let position: Int
        if let known = positions[signature] {
            position = known
        } else {
            guard clusters.count < Self.maxClusters else {
                unclusteredFailures += 1
                return nil
            }
            position = clusters.count
            positions[signature] = position
            clusters.append(
                Cluster(
                    signature: signature, sampleMessage: Self.sampleMessage(of: test, issue: issue),
                    sampleLocation: issue?.location))
        }
        var cluster = clusters[position]
        cluster.count += 1
        Self.note(test.identity.module, in: &cluster.modules)
        Self.note(test.identity.suites.joined(separator: "/"), in: &cluster.suites)
        Self.note(issue?.location?.file, in: &cluster.files)
        if cluster.testIDs.count < Self.maxTestsKept { cluster.testIDs.append(test.id) }
        clusters[position] = cluster
        return signature
    }

    /// The clusters, largest first; equal counts in the order their causes were first met.
    public var largestFirst: [Cluster] {
        clusters.enumerated().sorted { ($0.element.count, -$0.offset) > ($1.element.count, -$1.offset) }.map(\.element)
    }

    /// The number of causes kept.
    public var count: Int { clusters.count }

    /// The cluster of `signature`, when it is kept.
    public func cluster(of signature: FailureSignature) -> Cluster? {
        positions[signature].map { clusters[$0] }
    }

    /// How many failed tests were added.
    public var failureCount: Int { clusters.reduce(unclusteredFailures) { $0 + $1.count } }

    /// The message a cluster shows for its first failure `test`, whose first failing issue is `issue`.
    static func sampleMessage(of test: TestRecord, issue: IssueRecord?) -> String {
        // Without an issue, the signature's text names the status as the format does (`timedOut`): shown in words.
        issue.map { firstLine($0.message) } ?? "\(test.status.words) without a message"
    }

    static func note(_ value: String?, in list: inout [String]) {
        guard let value, !value.isEmpty, list.count < maxListed, !list.contains(value) else { return }
        list.append(value)
    }

    private static func firstLine(_ message: String) -> String {
        let line = message.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).first { !$0.allSatisfy(\.isWhitespace) }
        return String((line ?? "").prefix(FailureMessageNormalizer.maxScalars))
    }
}
