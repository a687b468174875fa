import Foundation
import ResultModel
import Testing

@testable import ResultBundle

/// A background sink hands its base sink exactly the calls it received, in order, whatever the chunk boundaries.
@Suite struct BackgroundSinkTests {
    /// Remembers every call, and fails the call number `failing` (counting tests only) when given.
    private final class Recorder: ResultSink, @unchecked Sendable {
        var calls: [String] = []
        var failing: Int?
        private var tests = 0

        func beginRun(_ run: RunRecord) throws -> Int {
            calls.append("run \(run.producer)")
            return calls.count
        }
        func addSuite(_ suite: SuiteRecord) throws { calls.append("suite \(suite.path.joined(separator: "."))") }
        func addTest(_ test: consuming TestRecord) throws {
            tests += 1
            if tests == failing { throw BundleError(.io, "the disk is full", path: "recorder") }
            calls.append("test \(test.id) \(test.attempts.first?.output?.text ?? "")")
        }
        func addPassedTest(_ test: PassedTestText) throws {
            calls.append(
                "passed \(test.record.id) \(test.record.runIndex) \(String(describing: test.start)) \(String(describing: test.duration))"
            )
        }
        func storeBlob(_ data: Data) throws -> BlobReference {
            calls.append("blob \(data.count)")
            return BlobReference(sha256: String(repeating: "0", count: 64), size: data.count)
        }
        func storeBlob(contentsOf file: URL) throws -> BlobReference { try storeBlob(Data(contentsOf: file)) }
        func endRun(_ runIndex: Int, _ end: RunEnd) throws { calls.append("end \(runIndex)") }
    }

    /// Feeds `sink` tests, suites, runs and blobs so that chunks end at every kind of call.
    private func feed(_ sink: any ResultSink) throws {
        for round in 0..<3 {
            let run = try sink.beginRun(RunRecord(producer: "round\(round)", source: "t"))
            for index in 0..<(BackgroundSink.chunkSize * 2 + 7 * round) {
                var attempt = TestAttempt(status: .passed)
                attempt.output = CapturedOutput(text: String(repeating: "x", count: index % 40))
                try sink.addTest(
                    TestRecord(
                        runIndex: run, identity: TestIdentity(module: "M", suites: ["S\(round)"], name: "t\(index)"),
                        attempts: [attempt]))
                if index % 3 == 0 { try addPassedTest(to: sink, run: run, variant: index) }
                if index % 300 == 0 { try sink.addSuite(SuiteRecord(runIndex: run, path: ["S\(round)", "\(index)"])) }
                if index == 700 { _ = try sink.storeBlob(Data(count: index)) }
            }
            try sink.endRun(run, RunEnd(end: 1))
        }
    }

    /// Adds a passed test from bytes, with or without module, suite and duration as `variant` says.
    private func addPassedTest(to sink: any ResultSink, run: Int, variant: Int) throws {
        let module = Array("Module\(variant % 7)".utf8)
        let suite = Array("Suite\(variant % 11)".utf8)
        let name = Array("passed\(variant)".utf8)
        // Some tests have suites around their suite: none, one or two.
        let outer = variant % 5 == 0 ? [] : (0..<(variant % 3)).map { Array("Outer\($0)-\(variant % 13)".utf8) }
        try module.withUnsafeBufferPointer { module in
            try suite.withUnsafeBufferPointer { suite in
                try name.withUnsafeBufferPointer { name in
                    try withBuffers(outer) { outer in
                        try sink.addPassedTest(
                            PassedTestText(
                                runIndex: run, module: variant % 2 == 0 ? module : nil, outerSuites: outer,
                                suite: variant % 5 == 0 ? nil : suite,
                                name: name, start: variant % 3 == 0 ? Double(variant) : nil,
                                duration: variant % 4 == 0 ? nil : Double(variant) / 1000))
                    }
                }
            }
        }
    }

    /// Calls `body` with buffers of `parts`' bytes, valid during the call.
    private func withBuffers(
        _ parts: [[UInt8]], _ body: (UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>) throws -> Void
    ) rethrows {
        let storage = parts.map { part in
            let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: part.count)
            _ = bytes.initialize(from: part)
            return UnsafeBufferPointer(bytes)
        }
        defer { storage.forEach { $0.deallocate() } }
        try storage.withUnsafeBufferPointer { try body($0) }
    }

    @Test func theBaseSinkSeesEveryCallInOrder() throws {
        let direct = Recorder()
        try feed(direct)
        let base = Recorder()
        let background = BackgroundSink(wrapping: base)
        try feed(background)
        try background.drain()
        #expect(base.calls.count == direct.calls.count)
        #expect(base.calls == direct.calls)
    }

    /// Takes a while over each test, and notes the most tests the producer had handed over that it had not yet
    /// taken.
    private final class SlowSink: ResultSink, @unchecked Sendable {
        private let lock = NSLock()
        private var handedCount = 0
        private(set) var taken = 0
        private(set) var mostWaiting = 0

        func beginRun(_ run: RunRecord) throws -> Int { 0 }
        func addSuite(_ suite: SuiteRecord) throws {}
        func addTest(_ test: consuming TestRecord) throws {
            mostWaiting = max(mostWaiting, lock.withLock { handedCount } - taken)
            taken += 1
            Thread.sleep(forTimeInterval: 0.002)
        }
        func addPassedTest(_ test: PassedTestText) throws {}
        /// Called by the producer once ``BackgroundSink/addTest(_:)`` returned.
        func didHandOver() { lock.withLock { handedCount += 1 } }
        func storeBlob(_ data: Data) throws -> BlobReference { throw BundleError(.misuse, "no blobs", path: "slow") }
        func storeBlob(contentsOf file: URL) throws -> BlobReference { try storeBlob(Data()) }
        func endRun(_ runIndex: Int, _ end: RunEnd) throws {}
    }

    @Test func testsWithMegabytesOfOutputWaitInAFewChunksNotInEightOfFiveHundredTests() throws {
        let base = SlowSink()
        let background = BackgroundSink(wrapping: base)
        let megabyte = 1 << 20
        // One string shared by every test: the test's own memory stays small while the records say 1 MiB each.
        var attempt = TestAttempt(status: .failed)
        attempt.output = CapturedOutput(text: String(repeating: "log line\n", count: megabyte / 9))
        let testCount = 300
        for index in 0..<testCount {
            try background.addTest(
                TestRecord(
                    runIndex: 0, identity: TestIdentity(module: "M", suites: ["S"], name: "t\(index)"),
                    attempts: [attempt]))
            base.didHandOver()
        }
        try background.drain()
        #expect(base.taken == testCount)
        // Each chunk is handed over at 2 MiB, that is after two such tests; the chunks in flight, the one waiting
        // for a slot and the one being filled hold the rest.
        let testsPerChunk = BackgroundSink.chunkBytes / megabyte
        #expect(base.mostWaiting <= (BackgroundSink.chunksInFlight + 2) * testsPerChunk)
    }

    @Test func anErrorOfTheBaseSinkReachesTheProducerAndNothingAfterItIsWritten() throws {
        let base = Recorder()
        base.failing = 600
        let background = BackgroundSink(wrapping: base)
        #expect(throws: BundleError.self) {
            try feed(background)
            try background.drain()
        }
        #expect(base.calls.filter { $0.hasPrefix("test") }.count == 599)
        // Records queued after the failure are dropped, not leaked or crashed on, when the sink goes away.
        #expect(throws: BundleError.self) { try background.drain() }
    }
}
