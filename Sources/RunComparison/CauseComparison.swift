import ResultModel

/// HEAD's failures grouped by cause (``ResultModel/FailureSignature``), each marked new or seen in BASE: a cause
/// seen in BASE is an old problem still there, a new one is what the change broke. Schema 1.3.
public struct CauseComparison: Sendable, Codable, Hashable {
    /// One cause of HEAD's failures.
    public struct Cause: Sendable, Codable, Hashable {
        /// The stable id (``ResultModel/FailureSignature/id``), the same in the report's `#cause-<id>` anchors.
        public var id: String
        /// The issue kind, and the producer's failure type when known.
        public var kind: String
        /// The normalised message.
        public var signature: String
        /// The first failure's message, first line, as written.
        public var message: String
        /// HEAD's failed tests with this cause.
        public var count: Int
        /// BASE's failed tests with this cause; 0 for a new cause.
        public var baseCount: Int
        /// The keys of its first tests (at most ``CauseComparison/testsKept``).
        public var tests: [String]
    }

    /// The most causes kept on each side; failures past them are not grouped.
    public static let maxCauses = FailureClusters.maxClusters
    /// The most test keys kept per cause.
    public static let testsKept = 20

    /// Causes not seen in BASE, largest first.
    public var newCauses: [Cause] = []
    /// Causes BASE's failures had too, largest first.
    public var seenInBase: [Cause] = []
    /// Causes of BASE's failures that HEAD no longer has.
    public var goneCount = 0

    /// Groups `head`'s failures by cause and looks each up among `base`'s.
    public init(base: RunDigest, head: RunDigest) {
        var baseCounts: [FailureSignature: Int] = [:]
        for test in base.tests {
            guard let cause = test.cause else { continue }
            if baseCounts[cause] != nil || baseCounts.count < Self.maxCauses { baseCounts[cause, default: 0] += 1 }
        }
        var causes: [Cause] = []
        var positions: [FailureSignature: Int] = [:]
        for test in head.tests {
            guard let signature = test.cause else { continue }
            let position: Int
            if let known = positions[signature] {
                position = known
            } else {
                guard causes.count < Self.maxCauses else { continue }
                position = causes.count
                positions[signature] = position
                causes.append(
                    Cause(
                        id: signature.id, kind: signature.kind, signature: signature.text,
                        // The signature's own text names the status as the format does (`timedOut`); people
                        // read it in words.
                        message: test.message ?? "\(test.status.words) without a message", count: 0,
                        baseCount: baseCounts[signature] ?? 0,
                        tests: []))
            }
            causes[position].count += 1
            if causes[position].tests.count < Self.testsKept { causes[position].tests.append(test.key) }
        }
        let largestFirst = causes.enumerated().sorted {
            ($0.element.count, -$0.offset) > ($1.element.count, -$1.offset)
        }.map(\.element)
        newCauses = largestFirst.filter { $0.baseCount == 0 }
        seenInBase = largestFirst.filter { $0.baseCount > 0 }
        goneCount = baseCounts.keys.filter { positions[$0] == nil }.count
    }
}
