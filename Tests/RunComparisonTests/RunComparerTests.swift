import ResultBundle
import ResultModel
import RunComparison
import Testing

/// Every bucket of `compare`, from runs built here.
struct RunComparerTests {
    static func test(
        _ name: String, _ status: TestStatus, duration: Double = 0.01, attempts: [TestStatus] = [],
        cases: [(String, TestStatus)] = [], measurement: Double? = nil, message: String? = nil
    ) -> TestRecord {
        var finalAttempt = TestAttempt(status: status, duration: duration)
        if let message { finalAttempt.issues = [IssueRecord(kind: .assertion, message: message)] }
        if let measurement {
            finalAttempt.measurements = [
                MeasurementRecord(
                    metricID: "org.swift.XCTPerformanceMetric_WallClockTime", name: "Time", unit: "seconds",
                    values: [measurement])
            ]
        }
        let earlier = attempts.map { TestAttempt(status: $0, duration: duration) }
        return TestRecord(
            identity: TestIdentity(module: "M", suites: ["S"], name: name), attempts: earlier + [finalAttempt],
            cases: cases.map { TestCaseRecord(arguments: $0.0, attempts: [TestAttempt(status: $0.1)]) })
    }

    static func results(_ name: String?, _ tests: [TestRecord]) throws -> InMemoryResults {
        let results = InMemoryResults()
        let run = try results.beginRun(RunRecord(name: name, producer: "tests", source: "test"))
        for var test in tests {
            test.runIndex = run
            try results.addTest(test)
        }
        return results
    }

    static func compare(
        _ base: [TestRecord], _ head: [TestRecord], baseName: String? = "main", headName: String? = "pr"
    )
        throws -> Comparison
    {
        RunComparer().compare(
            base: try RunDigest(try results(baseName, base)), head: try RunDigest(try results(headName, head)))
    }

    @Test func everyBucketFindsItsTests() throws {
        let base = [
            Self.test("stillPassing", .passed), Self.test("breaks", .passed), Self.test("fixed", .failed),
            Self.test("stillFailing", .failed), Self.test("removed", .passed), Self.test("skips", .passed),
            Self.test("slows", .passed, duration: 1.0), Self.test("speeds", .passed, duration: 1.0),
            Self.test("noise", .passed, duration: 1.0), Self.test("flaky", .passed),
            Self.test("measured", .passed, measurement: 1.0),
            Self.test("cases", .passed, cases: [("1", .passed), ("2", .passed)]),
        ]
        let head = [
            Self.test("stillPassing", .passed), Self.test("breaks", .failed, message: "boom\nsecond line"),
            Self.test("fixed", .passed), Self.test("stillFailing", .failed), Self.test("skips", .skipped),
            Self.test("slows", .passed, duration: 1.5), Self.test("speeds", .passed, duration: 0.5),
            Self.test("noise", .passed, duration: 1.08), Self.test("flaky", .passed, attempts: [.failed]),
            Self.test("measured", .passed, measurement: 1.5), Self.test("added", .failed),
            Self.test("cases", .failed, cases: [("1", .passed), ("2", .failed)]),
        ]
        let buckets = try Self.compare(base, head).buckets
        #expect(buckets.newFailures.map(\.key) == ["M/S/breaks", "M/S/added", "M/S/cases", "M/S/cases[2]"])
        #expect(buckets.newFailures.first?.message == "boom")
        #expect(buckets.fixed.map(\.key) == ["M/S/fixed"])
        #expect(buckets.stillFailing.map(\.key) == ["M/S/stillFailing"])
        #expect(buckets.newTests.map(\.key) == ["M/S/added"])
        #expect(buckets.removedTests.map(\.key) == ["M/S/removed"])
        #expect(buckets.newlySkipped.map(\.key) == ["M/S/skips"])
        #expect(buckets.flaky.map(\.key) == ["M/S/flaky"])
        #expect(buckets.slower.map(\.key) == ["M/S/slows"])
        #expect(buckets.faster.map(\.key) == ["M/S/speeds"])
        #expect(buckets.measurementChanges.map(\.key) == ["M/S/measured"])
        #expect(buckets.measurementChanges.first?.percentWorse == 50)
    }

    @Test func renamedRunsStillMatchAndCasesMatchByArguments() throws {
        let base = [Self.test("t", .passed, cases: [("a", .passed), ("b", .failed)])]
        let head = [Self.test("t", .passed, cases: [("b", .passed), ("c", .passed)])]
        let buckets = try Self.compare(base, head, baseName: "linux", headName: "linux-renamed").buckets
        #expect(buckets.fixed.map(\.key) == ["M/S/t", "M/S/t[b]"])  // the test, and its case
        #expect(buckets.newTests.map(\.key) == ["M/S/t[c]"])
        #expect(buckets.removedTests.map(\.key) == ["M/S/t[a]"])
    }

    @Test func configurationsMatchByName() throws {
        func results(_ status: [String: TestStatus]) throws -> InMemoryResults {
            let results = InMemoryResults()
            for name in ["linux", "macos"] {
                let run = try results.beginRun(RunRecord(name: name, producer: "tests", source: "test"))
                var test = Self.test("t", status[name]!)
                test.runIndex = run
                try results.addTest(test)
            }
            return results
        }
        let comparison = RunComparer().compare(
            base: try RunDigest(try results(["linux": .passed, "macos": .passed])),
            head: try RunDigest(try results(["linux": .passed, "macos": .failed])))
        #expect(comparison.buckets.newFailures.map(\.key) == ["M/S/t@macos"])
    }

    @Test func noiseUnderEitherThresholdIsNotSlower() throws {
        // +50% but only 5 ms; +0.2 s but only 4%.
        let base = [Self.test("fast", .passed, duration: 0.01), Self.test("long", .passed, duration: 5)]
        let head = [Self.test("fast", .passed, duration: 0.015), Self.test("long", .passed, duration: 5.2)]
        let buckets = try Self.compare(base, head).buckets
        #expect(buckets.slower.isEmpty && buckets.faster.isEmpty)
    }

    @Test func markdownStaysUnderItsLimit() throws {
        let base = (0..<2000).map { Self.test("t\($0)", .passed) }
        let head = (0..<2000).map { Self.test("t\($0)", .failed, message: String(repeating: "x", count: 200)) }
        let comparison = try Self.compare(base, head)
        let markdown = ComparisonText.markdown(comparison, maxBytes: 10_000)
        #expect(markdown.utf8.count <= 10_000)
        #expect(markdown.contains("more not shown"))
        #expect(markdown.contains("New failures: **2,000**"))
    }
}
