import Foundation
import ResultBundle
import ResultModel
import ResultSupport

/// Reads the journals that test processes using ResultRecorder write while `record` runs, and merges what they
/// recorded into the matching test as the test is written: steps, attachments (their blobs copied into the
/// bundle by ``ResultBundle/BundleRewriter``) and measurements. Journals are re-read when they grow, tolerating their torn tails.
///
/// A test process writes a test's journal entry before it prints that the test ended, so the folder is read at
/// most once per read of the command's output (``markStale()``): a listing per test cost more than the parsing.
final class JournalCollector {
    private struct Fragment {
        var attempt: TestAttempt
        var reader: BundleReader
    }

    private let directory: URL
    private var consumed: [String: Int] = [:]
    private var sizes: [String: Int64] = [:]
    private var pending: [String: [Fragment]] = [:]
    private var isStale = true
    /// Entries of the folder that are not journals (named pipes, links, devices), warned about once each.
    private var skipped: [String: String] = [:]

    init(directory: URL) { self.directory = directory }

    /// Whether recorded data waits for a test that has not been written yet (reading the folder first if it may
    /// have changed).
    var hasPendingData: Bool {
        refreshIfStale()
        return !pending.isEmpty
    }

    /// Notes that the command produced more output, so the journals may have grown.
    func markStale() { isStale = true }

    /// `test` with the recorded data of the same test (matched by suites and name) added to its final attempt.
    func enrich(_ test: TestRecord, storingBlobsIn sink: any ResultSink) throws -> TestRecord {
        refreshIfStale()
        let key = test.identity.moduleLessKey
        guard let fragments = pending.removeValue(forKey: key), !fragments.isEmpty, !test.attempts.isEmpty else {
            return test
        }
        var test = test
        var attempt = test.attempts[test.attempts.count - 1]
        for fragment in fragments {
            // Only steps, attachments and measurements are taken from a journal; its output (if any) is not.
            var recorded = fragment.attempt
            recorded.output = nil
            let copied = try BundleRewriter.copyBlobs(of: recorded, from: fragment.reader, to: sink)
            attempt.activities += copied.activities
            attempt.attachments += copied.attachments
            attempt.measurements += copied.measurements
        }
        test.attempts[test.attempts.count - 1] = attempt
        return test
    }

    /// Recorded data whose test never appeared, as diagnostics.
    func leftovers() -> [Diagnostic] {
        refresh()
        let unreported = pending.keys.sorted().map {
            Diagnostic(
                severity: .warning,
                message: "the recorder recorded data for \($0), a test the run's output never reported")
        }
        let notJournals = skipped.keys.sorted().map {
            Diagnostic(
                severity: .warning,
                message: "skipped \($0) in the recorder's journal folder: \(skipped[$0]!), not a journal file")
        }
        return notJournals + unreported
    }

    private func refreshIfStale() {
        guard isStale else { return }
        isStale = false
        refresh()
    }

    private func refresh() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names.sorted() where name.hasSuffix(".resultbundle") && skipped[name] == nil {
            let url = directory.appendingPathComponent(name)
            // Only regular files, not followed through links: a named pipe here would block the reader forever.
            guard let entry = PathEntry(url), entry.kind == .regularFile else {
                if let entry = PathEntry(url) { skipped[name] = entry.kind.description }
                continue
            }
            let size = entry.size
            guard size != sizes[name], let reader = try? BundleReader(url: url) else { continue }
            sizes[name] = size
            var index = 0
            let skip = consumed[name] ?? 0
            try? reader.forEachTest { fragment in
                defer { index += 1 }
                guard index >= skip, let attempt = fragment.attempts.last else { return }
                pending[fragment.identity.moduleLessKey, default: []].append(Fragment(attempt: attempt, reader: reader))
            }
            consumed[name] = max(skip, index)
        }
    }

}

/// Passes everything to another sink, adding what the recorder journals hold to each test on its way.
final class EnrichingSink: ResultSink {
    private let base: any ResultSink
    private let collector: JournalCollector

    init(wrapping base: any ResultSink, collector: JournalCollector) {
        self.base = base
        self.collector = collector
    }

    func beginRun(_ run: RunRecord) throws -> Int { try base.beginRun(run) }
    func addSuite(_ suite: SuiteRecord) throws { try base.addSuite(suite) }
    func addTest(_ test: consuming TestRecord) throws {
        try base.addTest(try collector.enrich(test, storingBlobsIn: base))
    }
    func addPassedTest(_ test: PassedTestText) throws {
        if collector.hasPendingData {
            try addTest(test.record)
        } else {
            try base.addPassedTest(test)
        }
    }
    func storeBlob(_ data: Data) throws -> BlobReference { try base.storeBlob(data) }
    func storeBlob(contentsOf file: URL) throws -> BlobReference { try base.storeBlob(contentsOf: file) }
    func endRun(_ runIndex: Int, _ end: RunEnd) throws { try base.endRun(runIndex, end) }
}
