import Foundation
import FoundationXML
import JUnitExport
import ResultModel
import Testing
import _TestSupport

@testable import ResultBundle

/// A bundle's test cases are written on background threads, a record batch at a time; tests that need the bundle
/// (blob output, attachments) are written on the exporter's thread in their place. The result must not depend on
/// where batches begin and end.
@Suite struct ChunkedWritingTests {
    /// Adds 2,000 tests in suites that interleave, some failing, some with text output, some with output and
    /// attachments stored as blobs, to `sink`.
    private func addTests(to sink: any ResultSink) throws {
        let run = try sink.beginRun(RunRecord(producer: "t", source: "t"))
        for index in 0..<2_000 {
            let fails = index % 13 == 0
            var attempt = TestAttempt(
                status: fails ? .failed : .passed, duration: Double(index % 97) / 1_000,
                issues: fails ? [IssueRecord(kind: .assertion, message: "value \(index) <wrong>")] : [])
            if index % 17 == 0 { attempt.output = CapturedOutput(text: "printed by \(index)") }
            if index % 29 == 0 {
                attempt.output = CapturedOutput(blob: try sink.storeBlob(Data("stored output \(index)".utf8)))
            }
            if index % 31 == 0 {
                let blob = try sink.storeBlob(Data("attachment \(index)".utf8))
                attempt.attachments = [
                    AttachmentRecord(name: "file\(index).txt", mediaType: "text/plain", kind: .text, blob: blob)
                ]
            }
            let suite = "Suite\(index % 5 == 0 ? index / 400 : index % 3)"
            try sink.addTest(
                TestRecord(
                    runIndex: run, identity: TestIdentity(module: "M", suites: [suite], name: "test\(index)"),
                    attempts: [attempt]))
        }
    }

    /// Exports the tests `add` writes, once from memory and once from a bundle of small batches (more than 20),
    /// in `flavor`; returns the files of each export (memory first), the summaries, and the bundle.
    private func exportFromMemoryAndBundle(
        _ flavor: JUnitFlavor, folder: String, batchBytes: Int, attachments: Bool = false,
        _ add: (any ResultSink) throws -> Void
    ) throws -> (outputs: [[Data]], summaries: [JUnitExportSummary], bundle: BundleReader) {
        let directory = try TestPaths.makeTemporaryDirectory("\(folder)-\(flavor)")
        let memory = InMemoryResults()
        try add(memory)
        let bundleURL = directory.appendingPathComponent("tests.resultbundle")
        let writer = try BundleWriter(creating: bundleURL, flushPolicy: .batched(maxBytes: batchBytes))
        try add(writer)
        try writer.close()
        let bundle = try BundleReader(url: bundleURL)
        #expect(bundle.index.recordFrames.count > 20)
        var outputs: [[Data]] = []
        var summaries: [JUnitExportSummary] = []
        for (name, source) in [("memory", memory as any ResultSource), ("bundle", bundle)] {
            let output = directory.appendingPathComponent(name + (flavor == .surefire ? "" : ".xml"))
            let options = JUnitExportOptions(
                flavor: flavor,
                attachmentsDirectory: attachments ? directory.appendingPathComponent("\(name)-attachments") : nil)
            let summary = try JUnitExporter(options: options).export([source], to: output)
            summaries.append(summary)
            outputs.append(try summary.files.map { try Data(contentsOf: $0) })
        }
        return (outputs, summaries, bundle)
    }

    @Test(arguments: JUnitFlavor.allCases)
    func aBundleOfManyBatchesExportsTheSameBytesAsTheSameTestsInMemory(flavor: JUnitFlavor) throws {
        let (outputs, summaries, _) = try exportFromMemoryAndBundle(
            flavor, folder: "junit-chunks", batchBytes: 8_192, attachments: true, addTests(to:))
        for summary in summaries {
            #expect(summary.testCases == 2_000)
            #expect(summary.attachments == 65)
        }
        // The attachment folders differ by name only.
        let renamed = outputs[0].map { data in
            Data(
                String(decoding: data, as: UTF8.self)
                    .replacingOccurrences(of: "memory-attachments", with: "bundle-attachments").utf8)
        }
        #expect(outputs[1] == renamed)
        let text = String(decoding: outputs[1].joined(), as: UTF8.self)
        #expect(text.contains("stored output 29"))
        #expect(text.contains("-file31.txt"))
        if flavor != .surefire {
            let document = try XMLDocument(data: outputs[1][0])
            let suite0 = try document.nodes(forXPath: "//testsuite[@name='M.Suite0']/testcase/@name").map {
                $0.stringValue ?? ""
            }
            let expected = (0..<2_000).filter { ($0 % 5 == 0 ? $0 / 400 : $0 % 3) == 0 }.map { "test\($0)" }
            #expect(suite0 == expected)
        }
    }

    /// Adds tests of two runs whose plain passed tests (written from their text when read from a bundle) sit
    /// among tests of every other kind, in suites that change often and come back.
    private func addMixedShapes(to sink: any ResultSink) throws {
        let runs = [
            try sink.beginRun(RunRecord(producer: "t", source: "t")),
            try sink.beginRun(RunRecord(producer: "t", source: "t")),
        ]
        let names = ["plain", "with <markup> & \"quotes\" 'too'", "unicode é 日本", "back\\slash", "tab\there"]
        let suites: [(String?, [String])] = [
            ("M", ["S"]), (nil, ["S"]), ("M", []), ("M", ["Outer", "Inner"]), ("M", ["S"]),
        ]
        for index in 0..<1_500 {
            var attempt = TestAttempt(
                status: [.passed, .passed, .passed, .failed, .skipped, .warning][index % 6],
                start: index % 4 == 0 ? 1_795_461_950 + Double(index) / 7 : nil,
                duration: index % 11 == 0 ? nil : [0, 0.0005, 0.0015, 2.5, 86_400.123_456][index % 5])
            if attempt.status == .failed { attempt.issues = [IssueRecord(kind: .assertion, message: "no \(index)")] }
            if index % 23 == 0 { attempt.output = CapturedOutput(text: "printed by \(index)") }
            let (module, path) = suites[(index / 7 + index % 3 / 2) % suites.count]
            var test = TestRecord(
                runIndex: runs[index / 1_000],
                identity: TestIdentity(
                    module: module, suites: path, name: "\(names[index % names.count]) \(index)"),
                attempts: [attempt])
            if index % 9 == 0 { test.displayName = "shown \(index)" }
            if index % 10 == 0 {
                test.location = SourceLocation(file: "T.swift", line: index, column: index % 20 == 0 ? 3 : nil)
            }
            if index % 12 == 0 { test.tags = ["tag"] }
            try sink.addTest(test)
        }
    }

    @Test(arguments: JUnitFlavor.allCases)
    func plainPassedTestsWrittenFromTheirTextMatchTheSameTestsDecoded(flavor: JUnitFlavor) throws {
        let (outputs, summaries, bundle) = try exportFromMemoryAndBundle(
            flavor, folder: "junit-plain", batchBytes: 4_096, addMixedShapes(to:))
        #expect(summaries.map(\.testCases) == [1_500, 1_500])
        #expect(outputs[1] == outputs[0])
        #expect(bundle.damage.isEmpty)
    }
}
