import Foundation
import JUnitExport
import ResultBundle
import ResultModel
import Testing
import _TestSupport

/// What the JUnit export writes for the shapes real producers' files import as.
@Suite struct ImportedProducerShapesTests {
    private func export(_ tests: [TestRecord], flavor: JUnitFlavor) throws -> String {
        let results = InMemoryResults()
        let run = try results.beginRun(RunRecord(producer: "t", source: "t"))
        for var test in tests {
            test.runIndex = run
            try results.addTest(test)
        }
        let directory = try TestPaths.makeTemporaryDirectory("junit-shapes")
        let output = directory.appendingPathComponent(flavor == .surefire ? "reports" : "junit.xml")
        let summary = try JUnitExporter(options: JUnitExportOptions(flavor: flavor)).export([results], to: output)
        let file = try #require(summary.files.first)
        let schema = ["jenkins-junit.xsd", "junit-10.xsd", "surefire-test-report.xsd"][
            JUnitFlavor.allCases.firstIndex(of: flavor)!]
        #expect(try SchemaValidation.problems(file, schema: schema) == nil)
        return try String(contentsOf: file, encoding: .utf8)
    }

    /// go-junit-report's `<skipped message="Skipped">` with the `t.Skip` line as its text.
    private static let goSkip = TestRecord(
        runIndex: 0, identity: TestIdentity(suites: ["package/skip"], name: "TestSkip"),
        attempts: [
            TestAttempt(
                status: .skipped, statusReason: "Skipped",
                issues: [IssueRecord(kind: .skip, message: "Skipped", details: "skip_test.go:6: skip message")])
        ])

    @Test(arguments: [JUnitFlavor.xunit, .surefire])
    func aSkipsDetailsAreTheSkippedElementsText(flavor: JUnitFlavor) throws {
        let xml = try export([Self.goSkip], flavor: flavor)
        #expect(xml.contains(#"<skipped message="Skipped">skip_test.go:6: skip message</skipped>"#))
    }

    @Test func theJenkinsSkippedElementHoldsTheReasonThenTheDetails() throws {
        let xml = try export([Self.goSkip], flavor: .jenkins)
        #expect(xml.contains("<skipped>Skipped\nskip_test.go:6: skip message</skipped>"))
    }

    @Test(arguments: JUnitFlavor.allCases)
    func anErrorBeatsAFailureAndGivesItsMessage(flavor: JUnitFlavor) throws {
        // WebdriverIO with errorOptions, or any `<failure message>` beside an `<error message>`.
        let test = TestRecord(
            runIndex: 0, identity: TestIdentity(suites: ["chrome", "Dashboard"], name: "closes_the_banner"),
            attempts: [
                TestAttempt(
                    status: .failed,
                    issues: [
                        IssueRecord(kind: .assertion, message: "expected true to equal false"),
                        IssueRecord(kind: .thrownError, message: "Error: element still displayed after 20000ms"),
                    ])
            ])
        let xml = try export([test], flavor: flavor)
        #expect(xml.contains(#"<error message="Error: element still displayed after 20000ms" type="thrownError">"#))
        #expect(!xml.contains("<failure"))
        #expect(xml.contains(#"errors="1""#) && xml.contains(#"failures="0""#))
    }
}
