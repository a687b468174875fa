import ContentHashing
import Foundation
import ResultBundle
import ResultModel
import ResultSupport
import Testing
import _TestSupport

/// The bundles in `SampleBundles/`: written by every released format version, read by every later one, forever.
@Suite struct SampleBundleTests {
    static var samples: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.sampleBundles.path)) ?? []
        return names.filter { $0.hasSuffix(".resultbundle") }.sorted().map {
            TestPaths.sampleBundles.appendingPathComponent($0)
        }
    }

    @Test func thereAreSamplesOfTheCurrentVersion() {
        let names = Self.samples.map(\.lastPathComponent)
        #expect(names.contains("v1.0-mixed.resultbundle") && names.contains("v1.0-merged.resultbundle"))
    }

    @Test(arguments: samples)
    func everySampleOpensVerifiesAndReads(sample: URL) throws {
        let reader = try BundleReader(url: sample)
        #expect(reader.indexSource == .stored)
        let report = try reader.verify()
        #expect(report.isIntact, "\(report.problems)")
        var count = 0
        try reader.forEachTest { test in
            count += 1
            for attachment in test.attempts.flatMap(\.allAttachments) {
                #expect(throws: Never.self) { _ = try reader.blobData(attachment.blob) }
            }
        }
        #expect(count == report.testCount && count > 0)
    }

    @Test func theMixedSampleHoldsWhatTheGeneratorWrote() throws {
        let reader = try BundleReader(url: TestPaths.sampleBundles.appendingPathComponent("v1.0-mixed.resultbundle"))
        let memory = InMemoryResults()
        try SampleResults.writeMixedRun(into: memory)
        #expect(try TestBundles.tests(of: reader) == memory.tests)
        #expect(reader.runs == memory.runs)
        let snapshotAttachment = try #require(memory.tests[1].attempts[0].attachments.first)
        let snapshot = try JSONDecoder().decode(TerminalSnapshot.self, from: reader.blobData(snapshotAttachment.blob))
        #expect(snapshot == SampleResults.terminalSnapshot())
    }

    @Test func theInterruptedSampleSaysWhichSignalEndedItsRun() throws {
        let reader = try BundleReader(
            url: TestPaths.sampleBundles.appendingPathComponent("v1.1-interrupted.resultbundle"))
        #expect(reader.formatVersion == FormatVersion(major: 1, minor: 1))
        let end = try #require(reader.runs.first?.end)
        #expect(end.interruption == "SIGTERM" && end.exitCode == 143)
        var interrupted: [String] = []
        try reader.forEachTest { test in
            if test.status == .interrupted { interrupted.append(test.identity.name) }
        }
        #expect(interrupted == ["testSlow"])
    }

    @Test func thePropertiesSampleKeepsEachTestsOwnProperties() throws {
        let reader = try BundleReader(
            url: TestPaths.sampleBundles.appendingPathComponent("v1.2-junit-properties.resultbundle"))
        #expect(reader.formatVersion == FormatVersion(major: 1, minor: 2))
        var properties: [String: [NameValue]] = [:]
        try reader.forEachTest { test in
            if !test.properties.isEmpty { properties[test.identity.name] = test.properties }
        }
        #expect(properties["test_with_record_property"] == [NameValue(name: "example_key", value: "1")])
        let names = properties["testCase8"]?.map(\.name)
        #expect(names == ["priority", "language", "author", "attachment", "attachment", "description"])
        var suiteProperties: [String] = []
        try reader.forEachSuite { suite in suiteProperties += suite.properties.map(\.name) }
        #expect(suiteProperties.contains("custom_prop") && suiteProperties.contains("browser"))
    }

    @Test func theWallClockSampleKeepsItsRunsTimeAndSourceHashes() throws {
        let reader = try BundleReader(
            url: TestPaths.sampleBundles.appendingPathComponent("v1.4-wall-clock-and-sources.resultbundle"))
        #expect(reader.formatVersion == FormatVersion(major: 1, minor: 4))
        let end = try #require(reader.runs.first?.end)
        // XCTest's `(0.108) seconds` and the event stream's run events, 0.006 s apart.
        #expect(abs((end.wallClock ?? 0) - 0.113887) < 1e-5)
        let sources = try #require(end.sources)
        let corpus = TestPaths.corpus.appendingPathComponent("swift-6.3-linux")
        for name in ["XCTests.swift", "SwiftTests.swift"] {
            let hash = ContentHash.sha256Hex(try Data(contentsOf: corpus.appendingPathComponent(name)))
            #expect(sources.contains(SourceFileHash(path: "/home/dev/Calc/Tests/CalcTests/\(name)", sha256: hash)))
        }
    }

    @Test func formatOnePointFiveKeepsAnImportedRunsOwnStartAndHosts() throws {
        let reader = try BundleReader(
            url: TestPaths.sampleBundles.appendingPathComponent("v1.5-imported-run-facts.resultbundle"))
        #expect(reader.formatVersion == FormatVersion(major: 1, minor: 5))
        let run = try #require(reader.runs.first)
        let end = try #require(run.end)
        // junit.gloo.static.xml's suite `timestamp="2020-08-31T09:24:42.375746"` (no zone: UTC), the earlier one.
        #expect(abs((end.testsStarted ?? 0) - 1_598_865_882.375746) < 1e-3)
        #expect(end.hosts == ["3f909e363d82", "3cda9070441d"])
        #expect((run.record.start ?? 0) > 1_790_000_000)
    }

    @Test func formatOnePointSixKeepsARunsCoverage() throws {
        let reader = try BundleReader(
            url: TestPaths.sampleBundles.appendingPathComponent("v1.6-coverage.resultbundle"))
        #expect(reader.formatVersion == FormatVersion(major: 1, minor: 6))
        #expect(reader.runsWithCoverage == [0])
        // Tests/Fixtures/coverage/lcov/shapes-coveragepy.lcov: 24 lines, 16 of them run, 10 branch outcomes, 4 taken.
        let totals = try #require(reader.coverageTotals(ofRun: 0))
        #expect((totals.linesFound, totals.linesHit, totals.branchesFound, totals.branchesHit) == (24, 16, 10, 4))
        let files = try reader.coverageFiles(ofRun: 0)
        #expect(files.map(\.path) == ["shapes/__init__.py", "shapes/area.py", "test_area.py"])
        let area = try reader.coverage(of: try #require(files.first { $0.path == "shapes/area.py" }))
        #expect(area.totals == files[1].totals && area.lines.first?.line == 1)
        #expect(try reader.verify().isIntact)
    }

    @Test func formatOnePointSevenKnowsWhereItsFailedAndSkippedTestsAre() throws {
        let reader = try BundleReader(
            url: TestPaths.sampleBundles.appendingPathComponent("v1.7-test-positions.resultbundle"))
        #expect(reader.formatVersion == FormatVersion(major: 1, minor: 7))
        // The corpus's calc.console.txt and calc.events-v0.jsonl: 3 failed and 2 skipped of 10 tests.
        var shown: [String] = []
        #expect(try reader.forEachTest(in: [.failed, .skipped]) { shown.append("\($0.status) \($0.id)") })
        var expected: [String] = []
        try reader.forEachTest { test in
            if test.status.isFailure || test.status == .skipped { expected.append("\(test.status) \(test.id)") }
        }
        #expect(shown == expected && shown.count == 5)
        #expect(try reader.verify().isIntact)
    }

    @Test func formatOnePointNineCountsEverySuite() throws {
        let reader = try BundleReader(
            url: TestPaths.sampleBundles.appendingPathComponent("v1.9-suite-totals.resultbundle"))
        #expect(reader.formatVersion == FormatVersion(major: 1, minor: 9))
        // test-reporter's phpunit.xml: 12 tests in 4 suites, the 2 failures in `CLI Arguments`.
        var suites: [String] = []
        let stored = try reader.forEachStoredSuiteTotals {
            suites.append("\($0.place.name) \($0.totals.tests) \($0.totals.failed)")
        }
        #expect(stored)
        #expect(
            suites.sorted() == [
                "CLI Arguments 2 2", "PHPUnit.Event.CollectingDispatcherTest 2 0",
                "PHPUnit.Event.DeferringDispatcherTest 4 0", "PHPUnit.Event.DirectDispatcherTest 4 0",
            ])
        #expect(try reader.verify().isIntact)
    }

    @Test func formatOnePointEightCountsItsRunsFailuresByCause() throws {
        let reader = try BundleReader(
            url: TestPaths.sampleBundles.appendingPathComponent("v1.8-failure-causes.resultbundle"))
        #expect(reader.formatVersion == FormatVersion(major: 1, minor: 8))
        // The corpus's go-junit-report 012-report.xml: 4 of 11 tests failed, each with the message `Failed`.
        let causes = try #require(reader.storedFailureCauses)
        #expect(causes.count == 1 && causes[0].otherFailures == 0)
        #expect(
            causes[0].causes.map { "\($0.count) \($0.message) \($0.suites)" } == ["4 Failed [\"package/subtests\"]"])
        #expect(try reader.verify().isIntact)
    }

    @Test(arguments: samples)
    func theReferenceReaderAgreesWithTheSwiftReader(sample: URL) throws {
        let python = try compareWithReferenceReader(sample)
        // The reference reader parses the index from FORMAT.md's layout and compares it with its own scan.
        let index = try #require(python["index"] as? [String: Bool])
        #expect(index["present"] == true && index["agrees"] == true)
    }

    @Test func theReferenceReaderReadsATornBundle() throws {
        let bytes = try [UInt8](
            Data(contentsOf: TestPaths.sampleBundles.appendingPathComponent("v1.0-mixed.resultbundle")))
        let torn = try TestBundles.file(Array(bytes.prefix(bytes.count * 3 / 4)), "torn-for-python")
        let python = try compareWithReferenceReader(torn)
        #expect((python["damage"] as? [[String: Any]])?.contains { $0["kind"] as? String == "tornTail" } == true)
        #expect((python["index"] as? [String: Bool])?["present"] == false)
    }

    /// Runs the Python reference reader and checks its totals against ``BundleInfo``; returns its output.
    @discardableResult
    func compareWithReferenceReader(_ bundle: URL) throws -> [String: Any] {
        let script = TestPaths.packageRoot.appendingPathComponent("docs/reference-reader/read_resultbundle.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, bundle.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let python = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
        let totals = try #require(python["totals"] as? [String: Int])
        let info = try BundleInfo(url: bundle)
        #expect(python["formatVersion"] as? String == info.formatVersion)
        #expect(totals["tests"] == info.totals.tests)
        #expect(totals["passed"] == info.totals.passed)
        #expect(totals["failed"] == info.totals.failed)
        #expect(totals["skipped"] == info.totals.skipped)
        #expect(totals["expectedFailures"] == info.totals.expectedFailures)
        #expect(totals["testCases"] == info.totals.testCases)
        #expect((python["runs"] as? [Any])?.count == info.runs.count)
        #expect(python["blobs"] as? Int == info.blobCount)
        return python
    }
}

/// Writes the sample bundles when `RECORD_SAMPLES=1` (see `scripts/make-sample-bundles.sh`). Samples of a released
/// version are never rewritten: the generator writes only the current version's names.
@Suite struct SampleBundleGeneration {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["RECORD_SAMPLES"] == "1"))
    func writeSampleBundles() throws {
        let folder = TestPaths.sampleBundles
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let version = "v\(FormatVersion.current)"
        let mixed = folder.appendingPathComponent("\(version)-mixed.resultbundle")
        let writer = try BundleWriter(creating: mixed, flushPolicy: .everyTest)
        try SampleResults.writeMixedRun(into: writer)
        try writer.close()

        let scratch = try TestPaths.makeTemporaryDirectory("samples")
        let shard = scratch.appendingPathComponent("shard.resultbundle")
        let shardWriter = try BundleWriter(creating: shard, flushPolicy: .batched)
        try SampleResults.writeMixedRun(into: shardWriter, name: "linux-release")
        let imported = try shardWriter.beginRun(
            RunRecord(
                name: "junit-shard", producer: "resultbundle 0.1.0", source: "import:junit", inputs: ["report.xml"]))
        let log = try shardWriter.storeBlob(Data("collected 2 items\n".utf8))
        try shardWriter.addSuite(
            SuiteRecord(
                runIndex: imported, module: "py", path: ["test_math"], duration: 0.5,
                properties: [NameValue(name: "python", value: "3.12")]))
        try shardWriter.addTest(
            TestRecord(
                runIndex: imported, identity: TestIdentity(module: "py", suites: ["test_math"], name: "test_add"),
                attempts: [TestAttempt(status: .passed, duration: 0.2)]))
        try shardWriter.addTest(
            TestRecord(
                runIndex: imported, identity: TestIdentity(module: "py", suites: ["test_math"], name: "test_timeout"),
                attempts: [
                    TestAttempt(
                        status: .timedOut, duration: 30,
                        issues: [IssueRecord(kind: .timeout, message: "timed out after 30 s")])
                ]))
        try shardWriter.endRun(imported, RunEnd(exitCode: 1, output: CapturedOutput(blob: log)))
        try shardWriter.close()
        try BundleMerger().merge([mixed, shard], into: folder.appendingPathComponent("\(version)-merged.resultbundle"))
    }
}
