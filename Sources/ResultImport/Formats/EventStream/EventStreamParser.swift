import Foundation
import ResultModel

/// Streaming parser of swift-testing's JSON event stream (JSON Lines, versions `0` and `"6.3.0"`), fed one line at
/// a time. Events of a test are buffered until the test ends, then sorted by `instant.absolute` (they can arrive
/// out of order) and turned into one test record with its cases, issues (with source locations, known issues and
/// warnings) and attachments (by path or from the base64 `_bytes` field), written to the sink.
///
/// A test is written once no event older than its end can still arrive: when a later event is more than
/// ``gracePeriod`` seconds newer than its end, or when parsing finishes.
public final class EventStreamParser {
    /// How long after a test's end late events of that test are still accepted, in seconds.
    public var gracePeriod: Double = 0.5

    private struct TestMetadata {
        var name: String
        var displayName: String?
        var isSuite: Bool
        var location: SourceLocation?
    }

    private struct Event {
        var instant: Double
        var kind: String
        var payload: [String: Any]
    }

    private struct Finished {
        var testID: String
        var endInstant: Double
    }

    private let sink: any ResultSink
    private let runIndex: Int
    private let fileName: String
    private let attachmentsBase: URL?
    private var metadata: [String: TestMetadata] = [:]
    private var buffered: [String: [Event]] = [:]
    private var finished: [Finished] = []
    private var latestInstant = -Double.infinity
    private var diagnostics: [Diagnostic] = []
    /// Tests written so far.
    public private(set) var testCount = 0
    private var runStarted: Double?
    private var runEnded: Double?
    /// How long the run took by the clock, from its `runStarted` event to its `runEnded` event, when both came.
    public var wallClock: Double? {
        guard let runStarted, let runEnded, runEnded >= runStarted else { return nil }
        return runEnded - runStarted
    }

    /// Creates a parser writing tests of run `runIndex` to `sink`; relative attachment paths resolve against
    /// `attachmentsBase`.
    public init(sink: any ResultSink, runIndex: Int, fileName: String, attachmentsBase: URL?) {
        self.sink = sink
        self.runIndex = runIndex
        self.fileName = fileName
        self.attachmentsBase = attachmentsBase
    }

    /// Feeds one line (one JSON object). Lines that are not JSON objects are reported as diagnostics.
    public func consume(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int) throws {
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
        let data = Data(buffer: line)
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let kind = object["kind"] as? String, let payload = object["payload"] as? [String: Any]
        else {
            diagnostics.append(
                Diagnostic(
                    severity: .warning, message: "not a JSON event record; skipped", file: fileName, line: lineNumber))
            return
        }
        switch kind {
        case "test": record(testMetadata: payload)
        case "event": try record(event: payload)
        default: break
        }
    }

    /// Writes every test still buffered and returns the diagnostics. Tests that never ended are interrupted, or,
    /// given `crash` (the crash the console showed: the stream of a crashed process just stops), crashed with it as
    /// an issue.
    public func finish(interrupted: Bool = false, crash: IssueRecord? = nil) throws -> [Diagnostic] {
        try flushFinished(olderThan: .infinity)
        for (testID, events) in buffered.sorted(by: { $0.key < $1.key }) where metadata[testID]?.isSuite != true {
            try write(testID: testID, events: events, interrupted: true, crash: interrupted ? nil : crash)
        }
        buffered.removeAll()
        return diagnostics
    }

    private func record(testMetadata payload: [String: Any]) {
        guard let id = payload["id"] as? String else { return }
        metadata[id] = TestMetadata(
            name: payload["name"] as? String ?? id,
            displayName: payload["displayName"] as? String,
            isSuite: payload["kind"] as? String == "suite",
            location: Self.location(payload["sourceLocation"])
        )
    }

    private func record(event payload: [String: Any]) throws {
        guard let kind = payload["kind"] as? String else { return }
        let instantObject = payload["instant"] as? [String: Any]
        let instant = (instantObject?["absolute"] as? Double) ?? latestInstant
        latestInstant = max(latestInstant, instant)
        if kind == "runStarted", instantObject != nil { runStarted = instant }
        if kind == "runEnded", instantObject != nil { runEnded = instant }
        guard let testID = payload["testID"] as? String else { return }
        let event = Event(instant: instant, kind: kind, payload: payload)
        if metadata[testID]?.isSuite == true {
            if kind == "testEnded" {
                try writeSuite(testID: testID, events: buffered.removeValue(forKey: testID) ?? [], end: event)
            } else {
                buffered[testID, default: []].append(event)
            }
            return
        }
        buffered[testID, default: []].append(event)
        if kind == "testEnded" || kind == "testSkipped" {
            finished.append(Finished(testID: testID, endInstant: instant))
        }
        try flushFinished(olderThan: latestInstant - gracePeriod)
    }

    private func flushFinished(olderThan limit: Double) throws {
        var remaining: [Finished] = []
        for entry in finished {
            guard entry.endInstant < limit || limit == .infinity else {
                remaining.append(entry)
                continue
            }
            guard let events = buffered.removeValue(forKey: entry.testID) else { continue }
            try write(testID: entry.testID, events: events, interrupted: false)
        }
        finished = remaining
    }

    private func writeSuite(testID: String, events: [Event], end: Event) throws {
        let meta = metadata[testID]
        let identity = SwiftTestingTestID.identity(id: testID, name: meta?.name)
        let start = events.first { $0.kind == "testStarted" }
        let since1970 = ((start?.payload["instant"] as? [String: Any])?["since1970"] as? Double)
        try sink.addSuite(
            SuiteRecord(
                runIndex: runIndex, module: identity.module, path: identity.suites + [identity.name],
                start: since1970, duration: start.map { end.instant - $0.instant }))
    }

    private func write(testID: String, events: [Event], interrupted: Bool, crash: IssueRecord? = nil) throws {
        let ordered = events.sorted { $0.instant < $1.instant }
        let meta = metadata[testID]
        var builder = EventStreamTestBuilder(attachmentsBase: attachmentsBase, sink: sink, fileName: fileName)
        for event in ordered { try builder.apply(kind: event.kind, payload: event.payload, instant: event.instant) }
        let identity = SwiftTestingTestID.identity(id: testID, name: meta?.name)
        let displayName = meta?.displayName
        let record = builder.makeRecord(
            runIndex: runIndex, identity: identity, displayName: displayName, location: meta?.location,
            interrupted: interrupted, crash: crash)
        try sink.addTest(record)
        testCount += 1
    }

    static func location(_ value: Any?) -> SourceLocation? {
        guard let object = value as? [String: Any], let line = object["line"] as? Int else { return nil }
        let file = (object["filePath"] as? String) ?? (object["_filePath"] as? String) ?? (object["fileID"] as? String)
        guard let file else { return nil }
        return SourceLocation(file: file, line: line, column: object["column"] as? Int)
    }
}
