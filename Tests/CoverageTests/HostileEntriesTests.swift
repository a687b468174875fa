import Coverage
import Foundation
import Testing

/// Each reader handed the same hostile entries in its own format: a count past 2^63, a negative count, line
/// 4,000,000,000 (kept), line 2^32 (refused) and paths outside the source root. Each must keep what is valid and say
/// what it skipped, never crash.
struct HostileEntriesTests {
    /// One format's hostile input and the lines its file `a.*` must keep.
    struct Sample: CustomTestStringConvertible, Sendable {
        var format: String
        var text: String
        var keptLines: [CoveredLine]
        var testDescription: String { format }
    }

    static let bigCount = "9223372036854775808"
    /// The lines kept when a format records counts: 2^63, 0 for the negative count, and the count of line 4e9.
    static let counted = [
        CoveredLine(line: 1, count: 1 << 63), CoveredLine(line: 2, count: 0),
        CoveredLine(line: 4_000_000_000, count: 1),
    ]

    static let samples: [Sample] = [
        Sample(
            format: "gcovr",
            text:
                #"{"gcovr/format_version": "0.15", "files": [{"file": "../x.c", "lines": [{"line_number": 1, "count": 1}]}, "#
                + #"{"file": "/etc/passwd", "lines": []}, {"file": "a.c", "lines": [{"line_number": 1, "count": \#(bigCount)}, "#
                + #"{"line_number": 2, "count": -3}, {"line_number": 4000000000, "count": 1}, "#
                + #"{"line_number": 4294967296, "count": 1}]}]}"#, keptLines: counted),
        Sample(
            format: "xccov-archive",
            text: #"{"../x.swift": [{"line": 1, "isExecutable": true, "executionCount": 1}], "/etc/passwd": [], "#
                + #""/project/a.swift": [{"line": 1, "isExecutable": true, "executionCount": \#(bigCount)}, "#
                + #"{"line": 2, "isExecutable": true, "executionCount": -3}, "#
                + #"{"line": 4000000000, "isExecutable": true, "executionCount": 1}, "#
                + #"{"line": 4294967296, "isExecutable": true, "executionCount": 1}]}"#, keptLines: counted),
        Sample(
            format: "opencover",
            text: """
                <CoverageSession><Modules><Module><Files><File uid="1" fullPath="/project/a.cs"/>
                <File uid="2" fullPath="../x.cs"/><File uid="3" fullPath="/etc/passwd"/></Files><Classes><Class><Methods>
                <Method><FileRef uid="1"/><SequencePoints><SequencePoint vc="\(bigCount)" sl="1" sc="1" el="1" ec="2"/>
                <SequencePoint vc="-3" sl="2" sc="1" el="2" ec="2"/>
                <SequencePoint vc="1" sl="4000000000" sc="1" el="4000000000" ec="2"/>
                <SequencePoint vc="1" sl="4294967296" sc="1" el="4294967296" ec="2"/>
                <SequencePoint vc="1" sl="3" sc="1" el="3" ec="2" fileid="2"/></SequencePoints></Method>
                </Methods></Class></Classes></Module></Modules></CoverageSession>
                """, keptLines: counted),
        Sample(
            format: "clover",
            text: """
                <coverage clover="4.3.1"><project><file path="../x.java"><line num="1" count="1" type="stmt"/></file>
                <file path="/etc/passwd"/><file path="a.java"><line num="1" count="\(bigCount)" type="stmt"/>
                <line num="2" count="-3" type="stmt"/><line num="4000000000" count="1" type="stmt"/>
                <line num="4294967296" count="1" type="stmt"/></file></project></coverage>
                """, keptLines: counted),
        Sample(
            format: "sonarqube",
            text: """
                <coverage version="1"><file path="../x.c"><lineToCover lineNumber="1" covered="true"/></file>
                <file path="/etc/passwd"/><file path="a.c"><lineToCover lineNumber="1" covered="true"/>
                <lineToCover lineNumber="2" covered="false" branchesToCover="-2" coveredBranches="-1"/>
                <lineToCover lineNumber="4000000000" covered="true"/>
                <lineToCover lineNumber="4294967296" covered="true"/></file></coverage>
                """,
            keptLines: [
                CoveredLine(line: 1, count: 1), CoveredLine(line: 2, count: 0),
                CoveredLine(line: 4_000_000_000, count: 1),
            ]),
        Sample(
            format: "simplecov",
            text: #"{"RSpec": {"coverage": {"../x.rb": [1], "/etc/passwd": [], "/project/a.rb": {"#
                + #""lines": [\#(bigCount), -3], "branches": {"[:if, 0, 4000000000, 1, 1, 2]": {"[:then, 1, 1, 1, 1, 2]": 1}, "#
                + #""[:if, 2, 4294967296, 1, 1, 2]": {"[:then, 3, 1, 1, 1, 2]": 1}}}}, "timestamp": 1}}"#,
            keptLines: [CoveredLine(line: 1, count: 1 << 63), CoveredLine(line: 2, count: 0)]),
    ]

    @Test(arguments: samples)
    func keepsWhatIsValidAndSaysWhatItSkipped(sample: Sample) throws {
        let path = try CoverageFixtures.write(sample.text, named: "hostile.\(sample.format)")
        let format = try #require(CoverageFormatRegistry.format(named: sample.format))
        let (files, diagnostics) = try CoverageImporter.readFile(path, sourceRoot: "/project", format: format)
        let run = CoverageRun(files: files)
        #expect(run.checkInvariants())
        #expect(run.files.map(\.path).allSatisfy { $0.hasPrefix("a.") })
        #expect(try #require(run.files.first).lines == sample.keptLines)
        let messages = diagnostics.map(\.message)
        #expect(diagnostics.allSatisfy { $0.severity == .warning && $0.file == path })
        #expect(messages.filter { $0.contains("lies outside the source root") }.count == 2, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("line numbers outside 1...4294967295: 1") }, "\(messages)")
        if sample.format != "sonarqube" {
            #expect(messages.contains { $0.hasPrefix("negative counts: 1") }, "\(messages)")
        } else {
            #expect(messages.contains { $0.hasPrefix("negative branch counts: 1") }, "\(messages)")
        }
    }

    @Test func keepsTheReportsFunctionsOfHostileCountsAndLines() throws {
        let text =
            #"{"executableLines": 2, "targets": [{"files": [{"path": "../x.swift", "functions": []}, "#
            + #"{"path": "/project/a.swift", "functions": [{"name": "f", "lineNumber": 4000000000, "executionCount": \#(Self.bigCount)}, "#
            + #"{"name": "g", "lineNumber": 2, "executionCount": -3}, {"name": "h", "lineNumber": 4294967296, "executionCount": 1}]}]}]}"#
        let (run, diagnostics) = CoverageImporter.read(
            paths: [try CoverageFixtures.write(text)], sourceRoot: "/project")
        #expect(
            try #require(run.file(atPath: "a.swift")).functions == [
                CoveredFunction(name: "g", line: 2, count: 0),
                CoveredFunction(name: "f", line: 4_000_000_000, count: 1 << 63),
            ])
        #expect(diagnostics.map(\.message).filter { $0.contains("lies outside the source root") }.count == 1)
        #expect(diagnostics.map(\.message).contains { $0.hasPrefix("negative counts: 1") })
        #expect(diagnostics.map(\.message).contains { $0.hasPrefix("line numbers outside 1...4294967295: 1") })
        #expect(diagnostics.count == 3)
    }
}
