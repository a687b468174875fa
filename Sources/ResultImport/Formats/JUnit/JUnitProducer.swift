/// What the importer knows of particular JUnit producers, where their files mean something the format does not say.
enum JUnitProducer {
    /// Whether a document comes from pytest: its `<testsuites name="pytest tests">` (recent versions) or its
    /// `<testsuite name="pytest">` (the default `junit_suite_name`). pytest's `line` attribute (written with
    /// `junit_family=xunit1`) is 0-based, so such a document's lines are taken one up.
    static func isPytest(rootName: String?, suiteName: String?) -> Bool {
        rootName == "pytest tests" || suiteName == "pytest"
    }

    /// The `type` pytest gives the `<skipped>` of a test marked `xfail` that failed as expected: an expected
    /// failure, not a skip.
    static let pytestExpectedFailureType = "pytest.xfail"

    /// The `type` godog gives the `<error>` of each step skipped after a failed one: a skipped step, not an error.
    static let skippedStepErrorType = "skipped"
}
