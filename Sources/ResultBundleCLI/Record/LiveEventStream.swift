import Foundation
import ResultImport
import ResultModel

/// Follows swift-testing's event stream while the tests run and parses it into the bundle.
final class LiveEventStream: @unchecked Sendable {
    private let file: URL
    private let sink: any ResultSink
    private let runIndex: Int
    private var tail: GrowingFileTail?
    private var parser: EventStreamParser?
    private var diagnostics: [Diagnostic] = []

    init(file: URL, sink: any ResultSink, runIndex: Int) {
        self.file = file
        self.sink = sink
        self.runIndex = runIndex
    }

    /// Starts following; `lock` serialises parsing with the console parser, and `afterLines` runs under it after
    /// each batch of lines read.
    func start(lock: NSLock, afterLines: @escaping () -> Void) {
        let parser = EventStreamParser(
            sink: sink, runIndex: runIndex, fileName: "<event stream>",
            attachmentsBase: file.deletingLastPathComponent().appendingPathComponent("attachments"))
        self.parser = parser
        let tail = GrowingFileTail(
            url: file,
            onBatchEnd: {
                lock.lock()
                afterLines()
                lock.unlock()
            }
        ) { [self] line, number in
            lock.lock()
            defer { lock.unlock() }
            do {
                try line.withUnsafeBufferPointer { try parser.consume($0, lineNumber: number) }
            } catch {
                diagnostics.append(
                    Diagnostic(severity: .error, message: "\(error)", file: "<event stream>", line: number))
            }
        }
        self.tail = tail
        tail.start()
    }

    /// Ends parsing; call after ``stop()``. Tests still running crashed with `crash` when the console showed one.
    func finish(interrupted: Bool, crash: IssueRecord?) throws -> [Diagnostic] {
        diagnostics + (try parser?.finish(interrupted: interrupted, crash: crash) ?? [])
    }

    /// Tests written from the stream.
    var testCount: Int { parser?.testCount ?? 0 }
    /// How long the swift-testing run took by the clock, when its start and end events came.
    var wallClock: Double? { parser?.wallClock }

    /// Stops following after reading everything written so far.
    func stop() { tail?.stop() }
}
