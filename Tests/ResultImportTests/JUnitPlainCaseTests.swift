import Foundation
import ResultBundle
import ResultModel
import Testing
import _TestSupport

@testable import ResultImport

/// The JUnit importer hands an empty test case with only a name, a classname and a time to the sink as bytes;
/// what the sink ends up with is exactly what the general path gives, for every test case of every file.
@Suite struct JUnitPlainCaseTests {
    private struct Imported: Equatable {
        var tests: [TestRecord]
        var suites: [SuiteRecord]
        var outcome: String
    }

    private func importFile(_ path: String, fromBytes: Bool) throws -> (Imported, passedFromBytes: [String]) {
        let sink = BytesCountingSink()
        let run = try sink.beginRun(RunRecord(producer: "tests", source: "import"))
        var importer = JUnitImporter(sink: sink, runIndex: run, fileName: path, attachmentsBase: nil)
        importer.writesPassedTestsFromBytes = fromBytes
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let outcome: String
        do {
            let (count, diagnostics) = try importer.run(prefix: [], descriptor: descriptor)
            outcome = "\(count) \(diagnostics.map { "\($0.line ?? 0) \($0.message)" })"
        } catch {
            outcome = "\(error)"
        }
        return (
            Imported(tests: sink.results.tests, suites: sink.results.suites, outcome: outcome), sink.passedFromBytes
        )
    }

    /// Imports `path` both ways and expects the same results; returns the ids of the tests that arrived as bytes.
    @discardableResult
    private func expectSameResults(_ path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
        -> [String]
    {
        let (fast, fromBytes) = try importFile(path, fromBytes: true)
        let (general, none) = try importFile(path, fromBytes: false)
        #expect(none.isEmpty, sourceLocation: sourceLocation)
        #expect(fast.tests == general.tests, sourceLocation: sourceLocation)
        #expect(fast.suites == general.suites, sourceLocation: sourceLocation)
        #expect(fast.outcome == general.outcome, sourceLocation: sourceLocation)
        return fromBytes
    }

    static let trickyFile = """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites>
          <testcase classname="Outside.Suite" name="beforeAnySuite" time="1"/>
          <testsuite name="Top" timestamp="2026-11-22T11:06:58">
            <testcase classname="M.S" name="plain" time="0.0085"/>
            <testcase classname="OnlySuite" name="oneDot" time="1"/>
            <testcase classname="" name="emptyClass" time="1"/>
            <testcase name="noClass" time="1"/>
            <testcase classname="M.S" time="1"/>
            <testcase classname=".S" name="leadingDot" time="1"/>
            <testcase classname="M." name="trailingDot" time="1"/>
            <testcase classname="A.B.C" name="deep" time="1"/>
            <testcase classname="A..B" name="doubleDot" time="1"/>
            <testcase classname="M.S" name="commaTime" time="1,234.5"/>
            <testcase classname="M.S" name="negativeTime" time="-1"/>
            <testcase classname="M.S" name="wordTime" time="abc"/>
            <testcase classname="M.S" name="noTime"/>
            <testcase classname="M.S" name="skippedStatus" time="1" status="skipped"/>
            <testcase classname="M.S" name="runStatus" time="1" status="run"/>
            <testcase classname="M.S" name="located" time="1" file="a.swift" line="3"/>
            <testcase classname="M.S" name="unknownAttribute" time="1" assertions="4"/>
            <testcase classname="M.S" name="entities &amp; &lt;more&gt; &#x41;&quot;" time="1"/>
            <testcase classname="M.S" name="ünïcödé" time="1"/>
            <testcase classname="M.S" name="back\\slash" time="1"/>
            <testcase classname="M.S" name="notEmpty" time="1"></testcase>
            <testcase classname="M.S" name="failing" time="1"><failure message="no"/></testcase>
            <testcase classname="M.S" name="printing" time="1"><system-out>hi</system-out></testcase>
            <testsuite name="Inner">
              <testcase classname="M.Inner" name="nested" time="0.5"/>
            </testsuite>
          </testsuite>
          <testsuite name="Untimed">
            <testcase classname="U" name="noSuiteTimestamp" time="0.25"/>
            <testcase classname="U" name="last" time="0.25"/>
          </testsuite>
        </testsuites>
        """

    @Test func aTrickyFileGivesTheSameResultsBothWays() throws {
        let directory = try TestPaths.makeTemporaryDirectory("junit-plain")
        let url = directory.appendingPathComponent("tricky.xml")
        try Data(Self.trickyFile.utf8).write(to: url)
        let fromBytes = try expectSameResults(url.path)
        #expect(
            fromBytes == [
                "Outside/Suite/beforeAnySuite", "M/S/plain", "OnlySuite/oneDot", "M/S/commaTime",
                "M/S/negativeTime", "M/S/wordTime", "M/S/noTime", "M/S/unknownAttribute",
                "M/S/entities & <more> A\"", "M/S/ünïcödé", "M/S/back\\slash", "M/Inner/nested",
                "U/noSuiteTimestamp", "U/last",
            ])
    }

    /// Attribute values that are not one text node in libxml2's tree (an entity reference of the internal subset),
    /// and names with a namespace prefix, which the attribute list gives by their local name.
    @Test func entityReferencesAndPrefixedAttributesGiveTheSameResultsBothWays() throws {
        let file = """
            <?xml version="1.0"?>
            <!DOCTYPE testsuites [<!ENTITY who "Ann">]>
            <testsuites xmlns:x="urn:x">
              <testsuite name="S">
                <testcase classname="M.S" name="hello &who;" time="1"/>
                <testcase x:classname="M.T" classname="M.S" name="prefixed" time="1"/>
                <testcase classname="M.S" name="afterwards" time="1"/>
              </testsuite>
            </testsuites>
            """
        let url = try TestPaths.makeTemporaryDirectory("junit-plain-entity").appendingPathComponent("entity.xml")
        try Data(file.utf8).write(to: url)
        let fromBytes = try expectSameResults(url.path)
        #expect(!fromBytes.contains { $0.hasPrefix("M/S/hello") }, "an entity reference takes the general path")
        #expect(fromBytes.contains("M/S/afterwards"))
    }

    @Test func everyPrefixOfTheTrickyFileGivesTheSameResultsBothWays() throws {
        let directory = try TestPaths.makeTemporaryDirectory("junit-plain-prefix")
        let bytes = Array(Self.trickyFile.utf8)
        for count in stride(from: 0, through: bytes.count, by: 7) {
            let url = directory.appendingPathComponent("prefix\(count).xml")
            try Data(bytes.prefix(count)).write(to: url)
            try expectSameResults(url.path)
        }
    }

    static var corpusFiles: [String] {
        let root = TestPaths.corpus.appendingPathComponent("junit")
        let files =
            FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { ($0 as? URL)?.path }.filter { $0.hasSuffix(".xml") } ?? []
        return files.sorted()
    }

    @Test func corpusFilesGiveTheSameResultsBothWays() throws {
        #expect(Self.corpusFiles.count > 20)
        var fromBytes = 0
        for file in Self.corpusFiles { fromBytes += try expectSameResults(file).count }
        #expect(fromBytes > 0)
    }
}
