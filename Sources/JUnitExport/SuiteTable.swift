import ResultModel

/// The suites of one source in the order they first appear; a test belongs to the suite of its run and
/// `classname` (``JUnitNames``), wherever it sits in the bundle.
struct SuiteTable {
    /// The suites, in the order their first test came.
    private(set) var suites: [SpooledSuite] = []
    private var byKey: [String: SpooledSuite] = [:]
    private var lastSuite: SpooledSuite?
    private var lastRunIndex = 0
    private var lastModule: String?
    private var lastSuites: [String] = []

    /// The suite `test` belongs to, created when it is the suite's first test.
    /// - Complexity: O(1) when the test has the same run, module and suites as the one before (the usual case:
    ///   no string is built); otherwise one dictionary lookup.
    mutating func suite(for test: SuiteKey) -> SpooledSuite {
        if let lastSuite, lastRunIndex == test.runIndex, lastModule == test.module, lastSuites == test.suites {
            return lastSuite
        }
        let className = JUnitNames.className(module: test.module, suites: test.suites)
        let key = "\(test.runIndex)\u{1}\(className)"
        let suite: SpooledSuite
        if let known = byKey[key] {
            suite = known
        } else {
            suite = SpooledSuite(className: className, runIndex: test.runIndex)
            byKey[key] = suite
            suites.append(suite)
        }
        lastSuite = suite
        lastRunIndex = test.runIndex
        lastModule = test.module
        lastSuites = test.suites
        return suite
    }
}
