import Foundation
import ResultModel
import Testing

@testable import ResultBundle

/// ``PlainPassedTest`` reads the lines our writer produces for plain passed tests exactly as the decoder does, and
/// refuses every other line, so that its readers fall back to decoding.
@Suite struct PlainPassedTestTests {
    /// The line our encoder writes for `test`, without its newline.
    private func line(_ test: TestRecord) -> [UInt8] { Array(BundleRecordEncoding.jsonLines([test]).dropLast()) }

    /// What ``PlainPassedTest`` reads, copied out of the line.
    private struct Read {
        var suiteText: [UInt8]
        var name: String
        var start: Double?
        var duration: Double
    }

    private func readPlain(_ test: TestRecord) -> Read? {
        line(test).withUnsafeBufferPointer { bytes in
            PlainPassedTest(line: bytes).map {
                Read(
                    suiteText: Array($0.suiteText), name: String(decoding: $0.name, as: UTF8.self), start: $0.start,
                    duration: $0.duration)
            }
        }
    }

    private func suiteText(_ test: TestRecord) -> [UInt8]? {
        line(test).withUnsafeBufferPointer { PlainPassedTest.suiteText(of: $0).map(Array.init) }
    }

    private static func passed(
        runIndex: Int = 0, module: String? = "M", suites: [String] = ["S"], name: String = "testA",
        start: Double? = nil, duration: Double? = 0.0085
    ) -> TestRecord {
        TestRecord(
            runIndex: runIndex, identity: TestIdentity(module: module, suites: suites, name: name),
            attempts: [TestAttempt(status: .passed, start: start, duration: duration)])
    }

    static let plainShapes: [TestRecord] = {
        var shapes = [
            passed(), passed(runIndex: 3), passed(module: nil), passed(suites: []),
            passed(suites: ["Outer", "In ner"]),
            passed(module: "quote \" é", suites: ["back\\slash", "日本"]), passed(name: "test <a & b> 'c' {d} ~"),
            passed(start: 1_795_461_950.0156229), passed(duration: 0), passed(duration: 123_456.789),
            passed(duration: 1e-9), passed(name: "with space()"),
        ]
        var described = passed()
        described.displayName = "Shown \"name\" ✓"
        described.location = SourceLocation(file: "/src/Tests/A.swift", line: 12, column: 5)
        described.tags = ["fast", "tag \"q\""]
        shapes.append(described)
        var located = passed()
        located.location = SourceLocation(file: "A.swift", line: 0)
        shapes.append(located)
        return shapes
    }()

    @Test(arguments: plainShapes)
    func readsWhatTheDecoderReadsFromAPlainPassedTest(test: TestRecord) throws {
        let plain = try #require(readPlain(test))
        let decoded = try #require(
            try line(test).withUnsafeBufferPointer { try RecordLineCodec.decodeTest($0, strings: nil) })
        #expect(decoded == test)
        #expect(plain.name == decoded.identity.name)
        #expect(plain.duration == decoded.attempts[0].duration)
        #expect(plain.start == decoded.attempts[0].start)
        #expect(plain.suiteText == suiteText(test))
    }

    static let otherShapes: [TestRecord] = {
        var shapes = [
            passed(name: "unicode é"), passed(name: "quote \""), passed(name: "back\\slash"), passed(name: "tab\t"),
            passed(duration: nil), passed(duration: .infinity), passed(duration: .nan),
        ]
        func with(_ change: (inout TestRecord) -> Void) -> TestRecord {
            var test = passed()
            change(&test)
            return test
        }
        shapes.append(with { $0.attempts[0].status = .failed })
        shapes.append(with { $0.attempts[0].status = .skipped })
        shapes.append(with { $0.attempts[0].status = .warning })
        shapes.append(with { $0.status = .crashed })
        shapes.append(with { $0.attempts.insert(TestAttempt(status: .failed, duration: 1), at: 0) })
        shapes.append(with { $0.attempts[0].statusReason = "why" })
        shapes.append(with { $0.attempts[0].issues = [IssueRecord(kind: .warning, message: "careful")] })
        shapes.append(with { $0.attempts[0].output = CapturedOutput(text: "printed") })
        shapes.append(with { $0.attempts[0].worker = "Clone 1" })
        shapes.append(with { $0.attempts[0].activities = [ActivityRecord(title: "step", status: .passed)] })
        shapes.append(with { $0.cases = [TestCaseRecord(arguments: "1", attempts: [TestAttempt(status: .passed)])] })
        shapes.append(with { $0.attempts = [] })
        return shapes
    }()

    @Test(arguments: otherShapes)
    func refusesEveryOtherTest(test: TestRecord) {
        #expect(readPlain(test) == nil)
    }

    @Test(arguments: [
        #"{"kind":"test","test":{"identity":{"name":"t","module":"M"},"attempts":[{"status":"passed","duration":1}]}}"#,
        #"{"test":{"identity":{"module":"M","name":"t"},"attempts":[{"status":"passed","duration":1}]},"kind":"test"}"#,
        #"{"kind":"test","test":{"identity":{"module":"M","name":"t"},"attempts":[{"duration":1,"status":"passed"}]}}"#,
        #"{"kind":"test","test":{"identity":{"module":"M","name":"t"},"attempts":[{"status":"passed","duration":1}]}} "#,
        #"{"kind":"test", "test":{"identity":{"module":"M","name":"t"},"attempts":[{"status":"passed","duration":1}]}}"#,
        #"{"kind":"test","test":{"identity":{"module":"M","name":"t"},"attempts":[{"status":"passed","duration":1}],"x":1}}"#,
        #"{"kind":"test","test":{"identity":{"module":"M","name":"t"},"attempts":[{"status":"passed","duration":"inf"}]}}"#,
        #"{"kind":"test","test":{"identity":{"module":"M","name":"t"},"attempts":[{"status":"passed","duration":1}]}"#,
        #"{"kind":"test","test":{"identity":{"module":"M","name":"t"},"attempts":[{"status":"passed","duration":1},{"status":"passed"}]}}"#,
        #"{"kind":"suite","test":{"identity":{"module":"M","name":"t"},"attempts":[{"status":"passed","duration":1}]}}"#,
        #"{"kind":"test","test":{"identity":{"module":"M","name":"t"#,
        "",
    ])
    func refusesLinesNotWrittenAsOurWriterWritesThem(text: String) {
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBufferPointer { PlainPassedTest(line: $0) } == nil)
    }

    @Test func equalSuiteTextsMeanTheSameRunModuleAndSuites() throws {
        let first = try #require(readPlain(Self.passed(name: "testA")))
        let second = try #require(readPlain(Self.passed(name: "testB", duration: 2)))
        #expect(first.suiteText == second.suiteText)
        let others = [
            Self.passed(runIndex: 1), Self.passed(module: "N"), Self.passed(module: nil), Self.passed(suites: ["T"]),
            Self.passed(suites: ["S", "T"]), Self.passed(suites: []),
        ]
        for other in others { #expect(try #require(readPlain(other)).suiteText != first.suiteText) }
        // A test that is not plain still has a suite text, equal to its plain neighbours'.
        var failed = Self.passed()
        failed.attempts[0].status = .failed
        #expect(suiteText(failed) == first.suiteText)
    }
}
