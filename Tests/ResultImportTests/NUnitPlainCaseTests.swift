import Foundation
import ResultBundle
import ResultModel
import Testing
import _TestSupport

@testable import ResultImport

/// The NUnit importer hands an empty NUnit 3 test case that passed to the sink as bytes; what the sink ends up
/// with is exactly what the general path gives, for every test case of every file.
@Suite struct NUnitPlainCaseTests {
    private struct Imported: Equatable {
        var tests: [TestRecord]
        var outcome: String
    }

    private func importText(_ text: String, fromBytes: Bool) throws -> (Imported, passedFromBytes: [String]) {
        let input = try ImporterInput(text, name: "results.xml")
        defer { input.closeFile() }
        let sink = input.sink
        let importer = NUnitImporter(context: input.context)
        importer.writesPassedTestsFromBytes = fromBytes
        let outcome: String
        do {
            let result = try importer.run(prefix: [], descriptor: input.descriptor)
            outcome = "\(result.testCount) \(result.diagnostics.map { "\($0.line ?? 0) \($0.message)" })"
        } catch {
            outcome = "\(error)"
        }
        return (Imported(tests: sink.results.tests, outcome: outcome), sink.passedFromBytes)
    }

    /// Imports `text` both ways and expects the same results; returns the ids of the tests that arrived as bytes.
    @discardableResult
    private func expectSameResults(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
        -> [String]
    {
        let (fast, fromBytes) = try importText(text, fromBytes: true)
        let (general, none) = try importText(text, fromBytes: false)
        #expect(none.isEmpty, sourceLocation: sourceLocation)
        #expect(fast.tests == general.tests, sourceLocation: sourceLocation)
        #expect(fast.outcome == general.outcome, sourceLocation: sourceLocation)
        return fromBytes
    }

    static let trickyFile = """
        <?xml version="1.0" encoding="utf-8"?>
        <test-run id="2" total="21" passed="19" failed="1" skipped="1" inconclusive="0" warnings="0">
          <test-suite type="TestFixture" name="S" fullname="M.S" classname="M.S">
            <test-case name="plain" fullname="M.S.plain" classname="M.S" result="Passed" duration="0.0085"
              start-time="2026-11-26 10:00:00Z" />
            <test-case name="sameStart" classname="M.S" result="Passed" duration="1" start-time="2026-11-26 10:00:00Z" />
            <test-case name="otherStart" classname="M.S" result="Passed" start-time="2026-11-26T10:00:01.5Z" />
            <test-case name="badStart" classname="M.S" result="Passed" start-time="yesterday" />
            <test-case name="oneDot" classname="OnlySuite" result="Passed" time="1" />
            <test-case name="deep" classname="A.B.C" result="Passed" duration="1" />
            <test-case name="leadingDot" classname=".S" result="Passed" duration="1" />
            <test-case name="assembly" classname="M.S, M.Tests" result="Passed" duration="1" />
            <test-case name="spaced" classname=" M.S " result="Passed" duration="1" />
            <test-case name="noClass" fullname="M.S.noClass" result="Passed" duration="1" />
            <test-case name="" classname="M.S" result="Passed" duration="1" />
            <test-case name="lowerResult" classname="M.S" result="passed" duration="1" />
            <test-case name="commaTime" classname="M.S" result="Passed" duration="1,234.5" />
            <test-case name="negativeTime" classname="M.S" result="Passed" duration="-1" />
            <test-case name="bothTimes" classname="M.S" result="Passed" duration="2" time="3" />
            <test-case name="labelled" classname="M.S" result="Passed" label="Ok" duration="1" />
            <test-case name="notRun" classname="M.S" result="Passed" executed="False" duration="1" />
            <test-case name="entities &amp; &lt;more&gt; &#x41;" classname="M.S" result="Passed" duration="1" />
            <test-case name="ünïcödé" classname="M.S" result="Passed" duration="1" />
            <test-case name="failing" classname="M.S" result="Failed" duration="1" />
            <test-case name="skipped" classname="M.S" result="Skipped" label="Ignored" />
            <test-case name="notEmpty" classname="M.S" result="Passed" duration="1"></test-case>
          </test-suite>
        </test-run>
        """

    @Test func plainPassedCasesGiveWhatTheGeneralPathGives() throws {
        let fromBytes = try expectSameResults(Self.trickyFile)
        for id in [
            "M/S/plain", "M/S/sameStart", "M/S/otherStart", "M/S/badStart", "OnlySuite/oneDot", "M/S/commaTime",
            "M/S/negativeTime", "M/S/bothTimes", "M/S/labelled", "M/S/ünïcödé",
        ] {
            #expect(fromBytes.contains(id), "\(id)")
        }
        // Classes of more than two parts or with empty parts, with an assembly or blanks, or none; an empty name,
        // another spelling of the result, NUnit 2's `executed`, and test cases that failed, were skipped or are not
        // empty take the general path.
        for id in [
            "A/B/C/deep", "/S/leadingDot", "M/S/assembly", "M/S/spaced", "M.S/noClass", "M/S/", "M/S/lowerResult",
            "M/S/notRun", "M/S/failing", "M/S/skipped", "M/S/notEmpty",
        ] {
            #expect(!fromBytes.contains(id), "\(id)")
        }
    }

    @Test func theDeclaredTotalsCountTheCasesReadAsBytes() throws {
        let text = """
            <test-run total="3" passed="2" failed="1">
              <test-suite name="S" classname="M.S">
                <test-case name="a" classname="M.S" result="Passed" />
                <test-case name="b" classname="M.S" result="Passed" />
                <test-case name="c" classname="M.S" result="Failed" />
              </test-suite>
            </test-run>
            """
        let (fast, fromBytes) = try importText(text, fromBytes: true)
        #expect(fromBytes.count == 2)
        #expect(fast.outcome == "3 []")
        let (wrong, _) = try importText(
            text.replacingOccurrences(of: "passed=\"2\"", with: "passed=\"5\""), fromBytes: true)
        #expect(wrong.outcome.contains("passed"))
    }

    @Test func theBenchmarksShapeIsReadAsBytesAndUnchanged() throws {
        var text = """
            <?xml version="1.0" encoding="utf-8" standalone="no"?>
            <test-run id="0" total="4" passed="3" failed="1" skipped="0">
              <test-suite type="TestFixture" name="Suite0Tests" fullname="Bench.Suite0Tests" classname="Bench.Suite0Tests">

            """
        for index in 0..<3 {
            text += """
                <test-case id="0-\(index)" name="TestCase\(index)" fullname="Bench.Suite0Tests.TestCase\(index)" \
                methodname="TestCase\(index)" classname="Bench.Suite0Tests" runstate="Runnable" seed="\(index)" \
                result="Passed" start-time="2026-11-26 10:00:00Z" end-time="2026-11-26 10:00:00Z" duration="0.001" \
                asserts="1" />

                """
        }
        text += """
            <test-case name="TestCase3" classname="Bench.Suite0Tests" result="Failed" label="Error">
            <failure><message><![CDATA[  Expected: 3
              But was:  4
            ]]></message><stack-trace><![CDATA[   at Bench.Suite0Tests.TestCase3() in /src/Tests/Suite0Tests.cs:line 13
            ]]></stack-trace></failure><output><![CDATA[log line one
            ]]></output></test-case>
              </test-suite>
            </test-run>
            """
        #expect(try expectSameResults(text).count == 3)
    }
}
