import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultBundle

/// A passed test added from its bytes is written exactly as its record would be: the same line, the same index
/// hash, and the record itself whenever its bytes would need escaping.
@Suite struct PassedTestLineTests {
    /// Calls `body` with the text of a passed test made of these parts.
    private func withText<Result>(
        runIndex: Int, module: String?, outer: [String] = [], suite: String?, name: String, start: Double? = nil,
        duration: Double?, _ body: (PassedTestText) throws -> Result
    ) rethrows -> Result {
        let parts = [module, suite, name].map { $0.map { Array($0.utf8) } }
        let outerBytes = outer.map { Array($0.utf8) }
        // The outer suites' bytes, copied to memory that stays put while `body` runs.
        let outerBuffers = outerBytes.map { bytes in
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            _ = buffer.initialize(from: bytes)
            return UnsafeBufferPointer(buffer)
        }
        defer { outerBuffers.forEach { $0.deallocate() } }
        return try parts[0].withOptionalBuffer { module in
            try parts[1].withOptionalBuffer { suite in
                try parts[2]!.withUnsafeBufferPointer { name in
                    try outerBuffers.withUnsafeBufferPointer { outer in
                        try body(
                            PassedTestText(
                                runIndex: runIndex, module: module, outerSuites: outer, suite: suite, name: name,
                                start: start, duration: duration))
                    }
                }
            }
        }
    }

    static let durations: [Double?] = [nil, 0, 0.001, 0.0085, 1.5e-7, 123_456.789, 1e15, -0.5, .nan, .infinity]

    @Test(arguments: durations)
    func theLineAndHashAreTheRecordsOnes(duration: Double?) throws {
        for runIndex in [0, 2] {
            for module in [nil, "M", "", "Module.With.Dots"] {
                for (outer, suite) in [
                    ([], nil), ([], "S"), ([], ""), ([], "Outer.Inner"), (["A"], "S"), (["A", "", "B.C"], "S"),
                ] as [([String], String?)] {
                    for (name, start) in [
                        ("t", nil), ("test()", 1_795_465_798.1021285), ("a b-c_1 (x: 1)", 0), ("", nil),
                        ("~!@#$%^&*/", -1.5),
                    ] {
                        withText(
                            runIndex: runIndex, module: module, outer: outer, suite: suite, name: name, start: start,
                            duration: duration
                        ) {
                            text in
                            let record = text.record
                            #expect(PassedTestLine.isVerbatim(text))
                            var fast = JSONBytes()
                            PassedTestLine.append(text, to: &fast)
                            var general = JSONBytes()
                            RecordLineCodec.appendTest(record, to: &general)
                            #expect(fast.bytes == general.bytes, "\(String(decoding: fast.bytes, as: UTF8.self))")
                            #expect(PassedTestLine.hash(text) == BundleIndex.hash(record.identity))
                            #expect(PassedTestLine.hash(text) == BundleIndex.hash(record.id))
                        }
                    }
                }
            }
        }
    }

    static let escapedNames = ["q\"uote", "back\\slash", "tab\there", "new\nline", "\u{7F}", "ünïcödé", "\u{1F600}"]

    @Test(arguments: escapedNames)
    func bytesThatNeedEscapingAreNotVerbatim(name: String) {
        withText(runIndex: 0, module: nil, suite: "S", name: name, duration: 1) {
            #expect(!PassedTestLine.isVerbatim($0))
        }
        withText(runIndex: 0, module: nil, suite: name, name: "t", duration: 1) {
            #expect(!PassedTestLine.isVerbatim($0))
        }
        withText(runIndex: 0, module: name, suite: "S", name: "t", duration: 1) {
            #expect(!PassedTestLine.isVerbatim($0))
        }
        withText(runIndex: 0, module: nil, outer: ["A", name], suite: "S", name: "t", duration: 1) {
            #expect(!PassedTestLine.isVerbatim($0))
        }
    }

    @Test(arguments: [BundleWriter.FlushPolicy.everyTest, .batched(maxBytes: 300)])
    func aBundleReadsBackEveryPassedTestAsItsRecord(policy: BundleWriter.FlushPolicy) throws {
        let url = try TestPaths.makeTemporaryDirectory("passed-line").appendingPathComponent("p.resultbundle")
        let writer = try BundleWriter(creating: url, flushPolicy: policy)
        let run = try writer.beginRun(RunRecord(producer: "tests", source: "t"))
        var expected: [TestRecord] = []
        for (index, name) in (["plain", "test()"] + Self.escapedNames).enumerated() {
            let module = index % 2 == 0 ? "M" : nil
            try withText(
                runIndex: run, module: module, outer: Array(["O", name].prefix(index % 3)), suite: "S\(index % 3)",
                name: name,
                start: index % 2 == 0 ? nil : 1_795_465_798 + Double(index) / 8, duration: Double(index)
            ) {
                expected.append($0.record)
                try writer.addPassedTest($0)
            }
            let general = TestRecord(
                runIndex: run, identity: TestIdentity(suites: ["G"], name: "general\(index)"),
                attempts: [TestAttempt(status: .failed, duration: 2)])
            expected.append(general)
            try writer.addTest(general)
        }
        try writer.endRun(run, RunEnd(end: 2))
        try writer.close()
        let reader = try BundleReader(url: url)
        #expect(try TestBundles.tests(of: reader) == expected)
        for test in expected { #expect(try reader.test(id: test.id) == test) }
    }
}

extension Optional where Wrapped == [UInt8] {
    /// Calls `body` with the bytes' buffer, or `nil`.
    fileprivate func withOptionalBuffer<Result>(_ body: (UnsafeBufferPointer<UInt8>?) throws -> Result) rethrows
        -> Result
    {
        guard let bytes = self else { return try body(nil) }
        return try bytes.withUnsafeBufferPointer { try body($0) }
    }
}
