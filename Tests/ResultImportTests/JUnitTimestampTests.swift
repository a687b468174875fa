import Foundation
import Testing
import _TestSupport

@testable import ResultImport

@Suite struct JUnitTimestampTests {
    /// 2024-01-03T12:27:11Z.
    static let base = 1_704_284_831.0

    static let forms: [(String, Double)] = [
        ("2024-01-03T12:27:11Z", base),
        ("2024-01-03T12:27:11", base),
        ("2024-01-03 12:27:11Z", base),
        ("2024-01-03t12:27:11z", base),
        ("2024-01-03T12:27:11.21-01:00", base + 3600 + 0.21),
        ("2024-01-03T12:27:11.5+02:00", base - 7200 + 0.5),
        ("2024-01-03T12:27:11.123456789+0530", base - 19800 + 0.123456789),
        ("2024-01-03T12:27:11-03", base + 10800),
        ("2024-01-03T12:27Z", base - 11),
        ("Wed, 03 Jan 2024 12:27:11 GMT", base),
        ("03 Jan 2024 12:27:11 +0100", base - 3600),
        ("Wed, 3 Jan 2024 12:27:11 UTC", base),
        ("2024-02-29T00:00:00Z", 1_709_164_800),
        ("1969-12-31T23:59:59Z", -1),
    ]

    @Test(arguments: forms)
    func everyCommonFormIsRead(text: String, expected: Double) throws {
        let value = try #require(JUnitTimestamp.parse(text))
        #expect(abs(value - expected) < 1e-6, "\(text) read as \(value)")
    }

    @Test(arguments: [
        "", "yesterday", "2024-13-03T12:27:11Z", "2023-02-29T00:00:00Z", "2024-01-03T25:00:00Z",
        "2024-01-03T12:27:11+99:00", "Wed, 03 Foo 2024 12:27:11 GMT", "2024-01-03T12:27:11Z trailing", "1704284831",
    ])
    func anythingElseIsNotGuessedAt(text: String) {
        #expect(JUnitTimestamp.parse(text) == nil)
    }

    @Test func anUnknownTimestampIsLeftAbsentWithAWarning() throws {
        let xml = """
            <testsuites><testsuite name="s" timestamp="the day before yesterday">
            <testcase classname="c" name="t" time="1"/></testsuite></testsuites>
            """
        let result = try ImportHarness.run(text: xml, name: "times.xml")
        let test = try #require(result.results.tests.first)
        #expect(test.finalAttempt?.start == nil)
        let warning = try #require(result.outcomes.first?.diagnostics.first)
        #expect(warning.severity == .warning && warning.line != nil)
        #expect(warning.message.contains("the day before yesterday"))
    }

    @Test func anOffsetWithAFractionReachesTheTests() throws {
        let xml = """
            <testsuites><testsuite name="s" timestamp="2024-01-03T12:27:11.21-01:00">
            <testcase classname="c" name="t" time="1"/></testsuite></testsuites>
            """
        let result = try ImportHarness.run(text: xml, name: "offset.xml")
        let start = try #require(result.results.tests.first?.finalAttempt?.start)
        #expect(abs(start - (Self.base + 3600.21)) < 1e-6)
    }
}
