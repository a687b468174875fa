import Foundation
import ResultBundle
import ResultModel

/// Rich results that use every field of the model, written by tests and by the sample-bundle generator.
enum SampleResults {
    static let start = 1_790_000_000.25

    static func host() -> HostInfo {
        HostInfo(
            hostname: "ci-runner-7", operatingSystem: "Debian GNU/Linux 12 (bookworm)", kernel: "6.1.0-18-amd64",
            architecture: "x86_64", cpuModel: "AMD EPYC", cpuCount: 2, memoryBytes: 25_000_000_000)
    }

    static func run(name: String = "linux-debug") -> RunRecord {
        RunRecord(
            name: name, producer: "resultbundle 0.1.0", source: "record", command: ["swift", "test", "--parallel"],
            workingDirectory: "/src/calc", start: start, host: host(), toolchain: "Swift version 6.3.1",
            environment: [
                NameValue(name: "ci.provider", value: "github"), NameValue(name: "vcs.commit", value: "abc123"),
            ],
            inputs: ["calc.console.txt"])
    }

    static func terminalSnapshot() -> TerminalSnapshot {
        TerminalSnapshot(
            columns: 20, rows: 2,
            lines: [
                TerminalLine(runs: [
                    TerminalRun(text: "ok ", style: TerminalStyle(foreground: .indexed(2), attributes: [.bold])),
                    TerminalRun(
                        text: "done",
                        style: TerminalStyle(
                            foreground: .rgb(red: 255, green: 128, blue: 0), background: .indexed(236),
                            attributes: [.underline, .italic])),
                ]),
                TerminalLine(runs: [TerminalRun(text: "$ ")], isWrapped: true),
            ],
            scrollback: [TerminalLine(runs: [TerminalRun(text: "building…")])],
            cursor: TerminalCursor(row: 1, column: 2, isVisible: false), title: "calc")
    }

    /// Writes a mixed XCTest/swift-testing-like run into `sink` and returns the tests written.
    @discardableResult
    static func writeMixedRun(into sink: some ResultSink, name: String = "linux-debug") throws -> [TestRecord] {
        let runIndex = try sink.beginRun(run(name: name))
        let log = try sink.storeBlob(Data("Test Suite 'All tests' started\nassertion failed\n".utf8))
        let screenshot = try sink.storeBlob(Data((0..<4096).map { UInt8($0 % 251) }))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let snapshotJSON = try encoder.encode(terminalSnapshot())
        let snapshot = try sink.storeBlob(snapshotJSON)
        let location = SourceLocation(file: "Tests/CalcTests/XCTests.swift", line: 42, column: 7)

        try sink.addSuite(
            SuiteRecord(
                runIndex: runIndex, module: "CalcTests", path: ["CalcXCTests"], start: start, duration: 1.5,
                status: .failed, issues: [IssueRecord(kind: .thrownError, message: "setUp failed")],
                output: CapturedOutput(text: "suite output\n"), properties: [NameValue(name: "seed", value: "42")],
                hostname: "ci-runner-7"))

        let measurement = MeasurementRecord(
            metricID: "org.swift.XCTPerformanceMetric_WallClockTime", name: "Time", unit: "s",
            values: [0.101, 0.099, 0.1, 0.102, 0.098, 0.1, 0.1, 0.101, 0.099, 0.1], baselineAverage: 0.09,
            baselineName: "main")
        var tests: [TestRecord] = []
        tests.append(
            TestRecord(
                runIndex: runIndex,
                identity: TestIdentity(module: "CalcTests", suites: ["CalcXCTests"], name: "testAdd"),
                attempts: [TestAttempt(status: .passed, start: start + 0.1, duration: 0.001)]))
        tests.append(
            TestRecord(
                runIndex: runIndex,
                identity: TestIdentity(module: "CalcTests", suites: ["CalcXCTests"], name: "testDivide"),
                location: location, tags: ["math", "slow"],
                attempts: [
                    TestAttempt(
                        status: .failed, start: start + 0.2, duration: 0.25,
                        issues: [
                            IssueRecord(
                                kind: .assertion,
                                message:
                                    "XCTAssertEqual failed: (\"1\") is not equal to (\"2\") — \u{1B}[31mred\u{1B}[0m\ttab",
                                location: location, details: "lhs: 1\nrhs: 2", timestamp: start + 0.3)
                        ],
                        activities: [
                            ActivityRecord(
                                title: "Open the calculator", start: start + 0.2, duration: 0.1, status: .passed,
                                attachments: [
                                    AttachmentRecord(
                                        name: "screen.png", mediaType: "image/png", kind: .image, blob: screenshot,
                                        timestamp: start + 0.25, location: location)
                                ],
                                children: [
                                    ActivityRecord(
                                        title: "Type 1 / 0", start: start + 0.21, duration: 0.05, status: .failed,
                                        issues: [IssueRecord(kind: .warning, message: "slow keypress")],
                                        children: [ActivityRecord(title: "Press =", status: .failed)])
                                ])
                        ],
                        attachments: [
                            AttachmentRecord(
                                name: "terminal", mediaType: TerminalSnapshot.mediaType, kind: .terminalSnapshot,
                                blob: snapshot)
                        ],
                        output: CapturedOutput(blob: log), worker: "Clone 1"),
                    TestAttempt(
                        status: .failed, statusReason: "retry", duration: 0.2,
                        output: CapturedOutput(text: "second attempt output with \"quotes\" and \\ backslash\n")),
                ]))
        tests.append(
            TestRecord(
                runIndex: runIndex,
                identity: TestIdentity(module: "CalcTests", suites: ["CalcXCTests"], name: "testSkipped"),
                attempts: [TestAttempt(status: .skipped, statusReason: "Requires network", duration: 0)]))
        tests.append(
            TestRecord(
                runIndex: runIndex,
                identity: TestIdentity(module: "CalcTests", suites: ["CalcXCTests"], name: "testPerformance"),
                attempts: [
                    TestAttempt(
                        status: .passed, duration: 1.2,
                        measurements: [
                            measurement,
                            MeasurementRecord(
                                metricID: "throughput", name: "Throughput", unit: "ops/s",
                                values: [1e9, .infinity, 3.5e-7],
                                polarity: .largerIsBetter, maxPercentRelativeStandardDeviation: 5,
                                maxStandardDeviation: 1,
                                maxPercentRegression: 2, maxRegression: 3),
                        ])
                ]))
        tests.append(
            TestRecord(
                runIndex: runIndex,
                identity: TestIdentity(module: "CalcTests", suites: ["SwiftTests", "Nested"], name: "param(x:)"),
                displayName: "adds many numbers", attempts: [],
                cases: [
                    TestCaseRecord(
                        arguments: "x → 1", caseID: "argumentIDs: [1]",
                        attempts: [TestAttempt(status: .passed, duration: 0.01)]),
                    TestCaseRecord(
                        arguments: "x → 2",
                        attempts: [
                            TestAttempt(
                                status: .failed, duration: 0.02,
                                issues: [IssueRecord(kind: .assertion, message: "Expectation failed: (x → 2) == 1")])
                        ]),
                    TestCaseRecord(arguments: "x → 3", attempts: [TestAttempt(status: .passed, duration: 0.03)]),
                ]))
        tests.append(
            TestRecord(
                runIndex: runIndex, identity: TestIdentity(suites: [], name: "knownIssue()"),
                attempts: [
                    TestAttempt(
                        status: .expectedFailure, statusReason: "Known bug #12",
                        issues: [IssueRecord(kind: .knownIssue, message: "known")])
                ]))
        tests.append(
            TestRecord(
                runIndex: runIndex,
                identity: TestIdentity(module: "CalcTests", suites: ["SwiftTests"], name: "warns()"),
                attempts: [TestAttempt(status: .warning, issues: [IssueRecord(kind: .warning, message: "deprecated")])])
        )
        tests.append(
            TestRecord(
                runIndex: runIndex,
                identity: TestIdentity(module: "CalcTests", suites: ["SwiftTests"], name: "flaky()"),
                attempts: [TestAttempt(status: .failed, duration: 0.1), TestAttempt(status: .passed, duration: 0.1)]))
        for test in tests { try sink.addTest(test) }
        try sink.endRun(
            runIndex,
            RunEnd(
                end: start + 5, exitCode: 1, output: CapturedOutput(blob: log),
                diagnostics: [
                    Diagnostic(
                        severity: .warning, message: "summary says 9 tests", file: "calc.console.txt", line: 80,
                        byteOffset: 4096)
                ],
                reportedCounts: ["xctest.executed": 5, "xctest.failures": 1]))
        return tests
    }
}

extension SampleResults {
    /// Tests like an import of a big XCTest console log: 100 per suite, ~2% failing with output, ~1% skipped.
    static func importLike(count: Int) -> [TestRecord] {
        var state: UInt64 = 2
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        return (0..<count).map { number in
            let suite = "Suite\(number / 100)Tests"
            let roll = next() % 100
            var attempt = TestAttempt(
                status: .passed, start: 1_795_000_018.105 + Double(number) * 0.001, duration: 0.001)
            if roll < 2 {
                attempt.status = .failed
                attempt.issues = [
                    IssueRecord(
                        kind: .assertion,
                        message: "XCTAssertEqual failed: (\"4\") is not equal to (\"5\") - math is hard",
                        location: SourceLocation(file: "/src/Tests/\(suite).swift", line: number % 100 + 10))
                ]
                attempt.output = CapturedOutput(text: "some log line\nanother log line with details\n")
            } else if roll < 3 {
                attempt.status = .skipped
                attempt.statusReason = "not on linux"
            }
            return TestRecord(
                identity: TestIdentity(
                    module: "debug", suites: [suite], name: "testCase\(number % 100)_doesSomethingUseful"),
                attempts: [attempt])
        }
    }
}
