import ResultModel
import ResultSupport

/// The report's view of failures grouped by cause (``ResultModel/FailureClusters``), gathered one test at a time:
/// the clusters themselves, and for each cause the first few of its tests as links and the first page of the failed
/// list that shows it. Bounded like the clusters: at most ``testsLinked`` links for each of at most
/// ``ResultModel/FailureClusters/maxClusters`` causes.
struct FailureCauses {
    /// One test of a cause, as the index links it.
    struct TestLink {
        var name: String
        var href: String
        /// `run › module › suite`.
        var place: String
    }

    /// Tests linked from a cause on the index; the failed list shows them all.
    static let testsLinked = 10
    /// Causes shown on the index; the failed list groups every failure by its cause.
    static let causesOnIndex = 20

    private(set) var clusters = FailureClusters()
    private var links: [FailureSignature: [TestLink]] = [:]
    private var firstFailedPage: [FailureSignature: Int] = [:]

    /// Adds `test`, summarised as `summary`, and returns its cause when it failed and has a cluster.
    mutating func add(_ test: TestRecord, summary: TestSummary, linkStyle: LinkStyle) -> FailureSignature? {
        guard let signature = clusters.add(test) else { return nil }
        if firstFailedPage[signature] == nil { firstFailedPage[signature] = summary.statusListPage }
        if links[signature, default: []].count < Self.testsLinked {
            links[signature, default: []].append(
                TestLink(name: summary.name, href: summary.href(linkStyle), place: summary.groupKey))
        }
        return signature
    }

    /// Whether grouping says more than the list of failures: some cause is shared by two failures or more.
    var isWorthShowing: Bool { clusters.largestFirst.first.map { $0.count > 1 } ?? false }

    /// The first ``testsLinked`` tests of `cluster`.
    func tests(of cluster: FailureClusters.Cluster) -> [TestLink] { links[cluster.signature] ?? [] }

    /// The page of the failed list where `cluster`'s group first appears.
    func failedPage(of cluster: FailureClusters.Cluster) -> Int { firstFailedPage[cluster.signature] ?? 1 }

    /// The anchor of a cause's group (`cause-<id>`), on the index and on the failed list pages.
    static func anchor(_ id: String) -> String { "cause-" + id }

    /// The count of each cause by id, for the failed list's group titles.
    var countsByID: [String: FailureClusters.Cluster] {
        Dictionary(clusters.largestFirst.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
