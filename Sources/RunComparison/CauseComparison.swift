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

    /// No causes.
    init() {}

    /// Groups `head`'s failures by cause and looks each up among `base`'s.
    public init(base: RunDigest, head: RunDigest) {
        var builder = Builder()
        for test in base.tests { builder.addBase(test) }
        for test in head.tests { builder.addHead(test) }
        self = builder.comparison
    }

    /// Builds a ``CauseComparison`` from the tests as they are read: every test of BASE in order, then every test
    /// of HEAD in order, holding only the causes.
    public struct Builder: Sendable {
        private var baseCounts: [FailureSignature: Int] = [:]
        private var causes: [Cause] = []
        private var positions: [FailureSignature: Int] = [:]

        /// An empty builder.
        public init() {}

        /// Adds a test of BASE (all of them before the first of HEAD).
        public mutating func addBase(_ test: TestDigest) {
            guard let cause = test.cause else { return }
            if baseCounts[cause] != nil || baseCounts.count < maxCauses { baseCounts[cause, default: 0] += 1 }
        }

        /// Adds a test of HEAD.
        public mutating func addHead(_ test: TestDigest) {
            guard let signature = test.cause else { return }
            let position: Int
            if let known = positions[signature] {
                position = known
            } else {
                guard causes.count < maxCauses else { return }
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
            if causes[position].tests.count < testsKept { causes[position].tests.append(test.key) }
        }

        /// The comparison of the tests added.
        public var comparison: CauseComparison {
            let largestFirst = causes.enumerated().sorted {
                ($0.element.count, -$0.offset) > ($1.element.count, -$1.offset)
            }.map(\.element)
            var result = CauseComparison()
            result.newCauses = largestFirst.filter { $0.baseCount == 0 }
            result.seenInBase = largestFirst.filter { $0.baseCount > 0 }
            result.goneCount = baseCounts.keys.filter { positions[$0] == nil }.count
            return result
        }
    }
}
