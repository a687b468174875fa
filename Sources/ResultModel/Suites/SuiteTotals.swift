/// One suite's test counts in one run (format 1.9): the tests whose identity has this module and suite path, counted
/// by ``ResultTotals``' rules. A test without suites belongs to its module's entry (empty `suites`); a test with
/// neither to the entry with no module and no suites.
public struct SuiteTotals: Sendable, Hashable {
    /// Which suite of which run.
    public var place: SuitePlace
    /// Its tests' counts and summed duration.
    public var totals: ResultTotals

    /// Creates a suite's totals.
    public init(place: SuitePlace, totals: ResultTotals = ResultTotals()) {
        self.place = place
        self.totals = totals
    }
}

/// A suite of a run: the run's index, the module and the suite path (outermost first) its tests' identities share.
public struct SuitePlace: Sendable, Hashable, Comparable {
    /// The run the suite's tests belong to.
    public var runIndex: Int
    /// The tests' module, if they have one.
    public var module: String?
    /// The suite path, outermost first; empty for the tests of a module (or of nothing) that have no suite.
    public var suites: [String]

    /// Creates a suite place.
    public init(runIndex: Int, module: String?, suites: [String]) {
        self.runIndex = runIndex
        self.module = module
        self.suites = suites
    }

    /// The place of `test`'s suite.
    public init(of test: TestRecord) {
        self.init(runIndex: test.runIndex, module: test.identity.module, suites: test.identity.suites)
    }

    /// The module and suites joined by dots, as the summary names tests (`Module.Suite.Inner`); empty for tests
    /// with neither.
    public var name: String {
        ((module.map { [$0] } ?? []) + suites).joined(separator: ".")
    }

    /// A 64-bit hash of the run, module and suites (``StableHash`` over each, each closed by a zero byte): how a
    /// writer remembers the suites it wrote and `verify` matches the suites it counts, in 8 bytes a suite. Equal
    /// places hash equally; two different places colliding is as rare as with any 64-bit hash.
    package var stableHash: UInt64 {
        var hash = StableHash()
        hash.add(String(runIndex))
        hash.add(0)
        if let module { hash.add(module) }
        hash.add(module == nil ? 1 : 0)
        for suite in suites {
            hash.add(suite)
            hash.add(0)
        }
        return hash.value
    }

    /// Run, then module (none first), then suite path, comparing names by their UTF-8 bytes: the order a writer
    /// stores a frame's entries in, the same in every process and version.
    public static func < (left: SuitePlace, right: SuitePlace) -> Bool {
        if left.runIndex != right.runIndex { return left.runIndex < right.runIndex }
        if left.module != right.module {
            guard let leftModule = left.module else { return true }
            guard let rightModule = right.module else { return false }
            return leftModule.utf8.lexicographicallyPrecedes(rightModule.utf8)
        }
        return left.suites.lexicographicallyPrecedes(right.suites) { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
