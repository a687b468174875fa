import ResultModel

/// How tests map to JUnit names: `classname` is the module and suites joined by dots (`CalcTests.CalcSuite`,
/// or just the suite when the module is unknown), `name` is the test's own name, and tests of one run with the
/// same classname form one `<testsuite>` named after it.
enum JUnitNames {
    static func className(_ identity: TestIdentity) -> String {
        className(module: identity.module, suites: identity.suites)
    }

    static func className(module: String?, suites: [String]) -> String {
        ((module.map { [$0] } ?? []) + suites).joined(separator: ".")
    }
}
