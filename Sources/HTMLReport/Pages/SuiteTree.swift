import ResultModel

/// The index's module › suite › test tree, built one test at a time: every module and suite with its counts and
/// total duration, and the tests themselves while the report has at most ``testLeafLimit`` of them. Past that the
/// leaves are dropped and each suite links to its place in the all-tests list instead, so what the tree keeps
/// grows with the number of suites, never with the number of tests. Each module keeps its first
/// ``suitesKeptPerModule`` suites, which is more than the index shows; later ones are counted (by a hash of their
/// names) into their module's tally and ``suiteCount`` only, so a run of 100,000 suites holds 500 a module.
struct SuiteTree {
    /// Reports with at most this many tests show each test in the tree; larger ones stop at the suites. 2,000 rows
    /// of a few hundred bytes keep the index well under its 2 MB budget and remain quick to scan.
    static let testLeafLimit = 2_000
    /// The suites each module keeps with their counts: at least as many as the index lists (``model(suiteLimit:)``).
    static let suitesKeptPerModule = 500

    /// Counts and total duration of a node.
    struct Tally: Equatable {
        var total = 0
        var passed = 0
        var failed = 0
        var skipped = 0
        /// Sum of the durations, in seconds.
        var duration: Double = 0

        mutating func add(_ test: TestSummary) {
            total += 1
            if test.status.isPass { passed += 1 }
            if test.status.isFailure { failed += 1 }
            if test.status == .skipped { skipped += 1 }
            if let seconds = test.duration, seconds.isFinite { duration += seconds }
        }
    }

    /// A test in the tree.
    struct Leaf: Equatable {
        var name: String
        var href: String
        var status: String
        var duration: Double?
    }

    struct Suite: Equatable {
        var name: String
        /// The first test's place in the all-tests list (`all-N.html#t-<hash>`).
        var href: String
        var tally = Tally()
        var tests: [Leaf] = []
    }

    struct Module: Equatable {
        var name: String
        var tally = Tally()
        var suites: [Suite] = []
        /// The tests of the suites past ``suitesKeptPerModule``, counted in ``tally`` but in no suite.
        var testsInSuitesNotKept = 0
    }

    /// How the tree's leaves and suites link.
    let links: LinkStyle
    /// Modules in the order first seen, each with its suites in the order first seen.
    private(set) var modules: [Module] = []
    /// Whether the tree holds every test (the report has at most ``testLeafLimit`` tests).
    private(set) var hasTests = true
    private(set) var testCount = 0
    private(set) var suiteCount = 0
    private var moduleIndex: [String: Int] = [:]
    private var suiteIndex: [String: (module: Int, suite: Int)] = [:]
    /// The hashes of the suites not kept (past ``suitesKeptPerModule`` in their module), to count each once.
    private var suitesNotKept: Set<UInt64> = []
    /// The place of the last test's suite; `suite` is -1 for a suite not kept.
    private var last: (key: String, module: Int, suite: Int)?

    /// An empty tree whose nodes link in the style `links`.
    init(links: LinkStyle = .files) { self.links = links }

    /// Counts `test` in its module and suite, and keeps it as a leaf while the tree is small.
    /// - Complexity: O(1) amortized; O(``testLeafLimit``) once, when the leaves are dropped.
    mutating func add(_ test: TestSummary) {
        let (module, suite) = place(of: test)
        testCount += 1
        modules[module].tally.add(test)
        guard suite >= 0 else {
            modules[module].testsInSuitesNotKept += 1
            return
        }
        modules[module].suites[suite].tally.add(test)
        if testCount > Self.testLeafLimit, hasTests {
            hasTests = false
            for index in modules.indices {
                for suiteIndex in modules[index].suites.indices { modules[index].suites[suiteIndex].tests = [] }
            }
        }
        if hasTests {
            modules[module].suites[suite].tests.append(
                Leaf(name: test.name, href: test.href(links), status: test.status.rawValue, duration: test.duration))
        }
    }

    private mutating func place(of test: TestSummary) -> (Int, Int) {
        if let last, last.key == test.groupKey { return (last.module, last.suite) }
        if let known = suiteIndex[test.groupKey] {
            last = (test.groupKey, known.module, known.suite)
            return known
        }
        // `run › module › suite`: the suite is the last part, the module everything before it.
        let parts = test.groupKey.components(separatedBy: " › ")
        let moduleName = parts.dropLast().joined(separator: " › ")
        let module: Int
        if let known = moduleIndex[moduleName] {
            module = known
        } else {
            module = modules.count
            moduleIndex[moduleName] = module
            modules.append(Module(name: moduleName))
        }
        guard modules[module].suites.count < Self.suitesKeptPerModule else {
            if suitesNotKept.insert(StableHash.of(test.groupKey)).inserted { suiteCount += 1 }
            last = (test.groupKey, module, -1)
            return (module, -1)
        }
        let href = links.href(toRow: test.anchorHash, on: ListPage(list: .all, number: test.listPage))
        let suite = modules[module].suites.count
        modules[module].suites.append(Suite(name: parts.last ?? test.groupKey, href: href))
        suiteIndex[test.groupKey] = (module, suite)
        suiteCount += 1
        last = (test.groupKey, module, suite)
        return (module, suite)
    }

    /// Whether every node's counts equal the sum of its children's, and leaves are kept exactly when allowed.
    func checkInvariants() -> Bool {
        var tests = 0
        var suites = 0
        for module in modules {
            let sum = module.suites.reduce(into: Tally()) { sum, suite in
                sum.total += suite.tally.total
                sum.passed += suite.tally.passed
                sum.failed += suite.tally.failed
                sum.skipped += suite.tally.skipped
            }
            guard sum.total + module.testsInSuitesNotKept == module.tally.total,
                module.testsInSuitesNotKept == 0
                    || (sum.passed <= module.tally.passed && sum.failed <= module.tally.failed
                        && sum.skipped <= module.tally.skipped),
                module.testsInSuitesNotKept > 0
                    || (sum.passed == module.tally.passed && sum.failed == module.tally.failed
                        && sum.skipped == module.tally.skipped),
                module.suites.count <= Self.suitesKeptPerModule
            else { return false }
            for suite in module.suites where suite.tests.count != (hasTests ? suite.tally.total : 0) { return false }
            tests += module.tally.total
            suites += module.suites.count
        }
        return tests == testCount && suites + suitesNotKept.count == suiteCount
            && hasTests == (testCount <= Self.testLeafLimit)
    }
}
