import Foundation
import ResultBundle
import ResultModel

/// Benchmarks of the bundle format; each prints one JSON object.
enum Bench {
    static func now() -> Double { Date().timeIntervalSince1970 }

    /// CPU time (user + system) of the process so far, every thread included.
    static func cpuTime() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
    }

    static func emit(_ values: [String: Any]) throws {
        let data = try JSONSerialization.data(withJSONObject: values, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    }

    /// Tests like an import of the benchmark console log: 100 per suite, ~2% failing with output, ~1% skipped.
    static func importLikeTests(_ count: Int) -> [TestRecord] {
        var random = SplitMix(seed: 2)
        var tests: [TestRecord] = []
        tests.reserveCapacity(count)
        for number in 0..<count {
            let suite = "Suite\(number / 100)Tests"
            let name = "testCase\(number % 100)_doesSomethingUseful"
            let roll = Double(random.next() % 10_000) / 10_000
            var attempt = TestAttempt(
                status: .passed, start: 1_795_000_018.105 + Double(number) * 0.001, duration: 0.001)
            if roll < 0.02 {
                attempt.status = .failed
                attempt.duration = 0.012
                attempt.issues = [
                    IssueRecord(
                        kind: .assertion,
                        message: "XCTAssertEqual failed: (\"4\") is not equal to (\"5\") - math is hard",
                        location: SourceLocation(file: "/src/Tests/\(suite).swift", line: number % 100 + 10))
                ]
                attempt.output = CapturedOutput(text: "some log line\nanother log line with details\n")
            } else if roll < 0.03 {
                attempt.status = .skipped
                attempt.statusReason = "not on linux"
                attempt.duration = 0
            }
            tests.append(
                TestRecord(identity: TestIdentity(module: "debug", suites: [suite], name: name), attempts: [attempt]))
        }
        return tests
    }

    static func write(output: URL, count: Int, jsonl: URL?) throws {
        let tests = importLikeTests(count)
        let start = now()
        let cpuStart = cpuTime()
        let writer = try BundleWriter(creating: output, flushPolicy: .batched)
        let runIndex = try writer.beginRun(RunRecord(producer: "bench", source: "import:xctest"))
        for test in tests { try writer.addTest(test) }
        try writer.endRun(runIndex, RunEnd(exitCode: 1))
        try writer.close()
        let seconds = now() - start
        let cpuSeconds = cpuTime() - cpuStart
        let encodeStart = now()
        let data = BundleRecordEncoding.jsonLines(tests)
        let encodeSeconds = now() - encodeStart
        if let jsonl { try data.write(to: jsonl) }
        try emit([
            "mode": "write", "tests": count, "seconds": seconds, "cpuSeconds": cpuSeconds,
            "encodeOnlySeconds": encodeSeconds, "bundleBytes": writer.bytesWritten,
        ])
    }

    /// Writes tests with the live policy (one batch per test), as `record` does.
    static func writeLive(output: URL, count: Int) throws {
        let tests = importLikeTests(count)
        let start = now()
        let writer = try BundleWriter(creating: output, flushPolicy: .everyTest)
        let runIndex = try writer.beginRun(RunRecord(producer: "bench", source: "record"))
        for test in tests { try writer.addTest(test) }
        try writer.endRun(runIndex, RunEnd(exitCode: 1))
        try writer.close()
        let seconds = now() - start
        try emit([
            "mode": "write-live", "tests": count, "seconds": seconds,
            "microsecondsPerTest": seconds / Double(count) * 1e6,
            "bundleBytes": writer.bytesWritten,
        ])
    }

    static func read(bundle: URL) throws {
        let start = now()
        let reader = try BundleReader(url: bundle)
        let opened = now()
        var totals = ResultTotals()
        try reader.forEachTest { totals.add($0) }
        let end = now()
        try emit([
            "mode": "read", "tests": totals.tests, "failed": totals.failed, "openSeconds": opened - start,
            "readSeconds": end - opened, "damage": reader.damage.count,
        ])
    }

    static func verify(bundle: URL) throws {
        let start = now()
        let report = try BundleReader(url: bundle).verify()
        try emit([
            "mode": "verify", "seconds": now() - start, "intact": report.isIntact, "tests": report.testCount,
            "blobs": report.blobCount, "bundleBytes": report.fileSize,
        ])
    }

    static func open(bundle: URL, id: String) throws {
        let start = now()
        let reader = try BundleReader(url: bundle)
        let opened = now()
        let test = try reader.test(id: id)
        let end = now()
        try emit([
            "mode": "open", "found": test != nil, "openSeconds": opened - start, "lookupSeconds": end - opened,
            "totalSeconds": end - start, "bundleBytes": reader.fileSize, "index": "\(reader.indexSource)",
        ])
    }

    static func makeBig(output: URL, megabytes: Int, tests count: Int) throws {
        let start = now()
        let writer = try BundleWriter(creating: output, flushPolicy: .batched)
        let runIndex = try writer.beginRun(RunRecord(producer: "bench", source: "make-big"))
        let target = Int64(megabytes) << 20
        var random = SplitMix(seed: 7)
        let blobEvery = 10
        let blobSize = max(1024, Int(target / Int64(max(count / blobEvery, 1))))
        var chunk = [UInt8](repeating: 0, count: blobSize)
        for number in 0..<count {
            var attachments: [AttachmentRecord] = []
            if number % blobEvery == 0 && writer.bytesWritten < target {
                for index in stride(from: 0, to: blobSize, by: 8) {
                    var value = random.next()
                    withUnsafeBytes(of: &value) { bytes in
                        for offset in 0..<min(8, blobSize - index) { chunk[index + offset] = bytes[offset] }
                    }
                }
                attachments.append(
                    AttachmentRecord(
                        name: "capture\(number).bin", mediaType: "application/octet-stream", kind: .data,
                        blob: try writer.storeBlob(Data(chunk))))
            }
            try writer.addTest(
                TestRecord(
                    runIndex: runIndex,
                    identity: TestIdentity(module: "Big", suites: ["Suite\(number / 100)"], name: "test\(number)"),
                    attempts: [TestAttempt(status: .passed, duration: 0.01, attachments: attachments)]))
        }
        try writer.endRun(runIndex, RunEnd(exitCode: 0))
        try writer.close()
        try emit(["mode": "make-big", "tests": count, "bundleBytes": writer.bytesWritten, "seconds": now() - start])
    }
}

/// A small deterministic random generator (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
