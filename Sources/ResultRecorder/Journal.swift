import Foundation
import ResultBundle
import ResultModel

/// Where a test process writes what the recorder collects: its own bundle file in the folder named by
/// `RESULTBUNDLE_JOURNAL_DIR`, one fragment (a partial test record) per finished top-level step, attachment or
/// measurement, each on disk when it is written. Without the variable the journal is off and recording costs
/// almost nothing: steps still run, and what they would record is dropped.
final class Journal: @unchecked Sendable {
    /// The environment variable `resultbundle record` sets.
    static let directoryVariable = "RESULTBUNDLE_JOURNAL_DIR"

    static let shared = Journal()

    private let lock = NSLock()
    private var writer: BundleWriter?
    private var runIndex = 0
    private var isOpened = false
    private let environment: @Sendable () -> [String: String]

    /// A journal that reads `RESULTBUNDLE_JOURNAL_DIR` from `environment` (the process's, normally).
    init(environment: @escaping @Sendable () -> [String: String] = { ProcessInfo.processInfo.environment }) {
        self.environment = environment
    }

    /// Whether recorded data goes anywhere.
    var isEnabled: Bool { environment()[Self.directoryVariable] != nil }

    /// Stores content; `nil` when the journal is off.
    func storeBlob(_ data: Data) -> BlobReference? {
        withWriter { try $0.storeBlob(data) }
    }

    /// Stores a file's content; `nil` when the journal is off.
    func storeBlob(contentsOf file: URL) throws -> BlobReference? {
        try withWriterThrowing { try $0.storeBlob(contentsOf: file) }
    }

    /// Writes a fragment for the running test (or for an unknown test when none is running).
    func write(
        activities: [ActivityRecord] = [], attachments: [AttachmentRecord] = [], measurements: [MeasurementRecord] = []
    ) {
        let identity = CurrentTest.identity ?? TestIdentity(suites: ["(unknown test)"], name: "(unknown test)")
        _ = withWriter { writer in
            let attempt = TestAttempt(
                status: .unknown, activities: activities, attachments: attachments, measurements: measurements)
            try writer.addTest(
                TestRecord(runIndex: runIndex, identity: identity, status: .unknown, attempts: [attempt]))
            return true
        }
    }

    private func withWriter<T>(_ body: (BundleWriter) throws -> T) -> T? {
        try? withWriterThrowing(body)
    }

    private func withWriterThrowing<T>(_ body: (BundleWriter) throws -> T) throws -> T? {
        lock.lock()
        defer { lock.unlock() }
        if !isOpened {
            isOpened = true
            writer = try? openWriter()
        }
        guard let writer else { return nil }
        return try body(writer)
    }

    private func openWriter() throws -> BundleWriter? {
        guard let directory = environment()[Self.directoryVariable] else { return nil }
        let folder = URL(fileURLWithPath: directory)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let name = "journal-\(getpid())-\(UUID().uuidString.prefix(8)).resultbundle"
        let writer = try BundleWriter(creating: folder.appendingPathComponent(name), flushPolicy: .everyTest)
        runIndex = try writer.beginRun(
            RunRecord(
                producer: "ResultRecorder", source: "recorder", command: CommandLine.arguments,
                start: Date().timeIntervalSince1970))
        return writer
    }
}
