import Foundation

/// Follows a file another process is writing (swift-testing's event stream) and hands over each complete line
/// as it appears, from a background thread, until stopped; then hands over whatever is left.
final class GrowingFileTail: @unchecked Sendable {
    private let url: URL
    private let pollInterval: TimeInterval
    private let onLine: (ArraySlice<UInt8>, Int) -> Void
    private let onBatchEnd: () -> Void
    private let condition = NSCondition()
    private var isStopping = false
    private var isFinished = false
    private var lineNumber = 0
    private var pending: [UInt8] = []
    private var offset: UInt64 = 0

    /// Creates a tail; `onLine` receives each line (without newline) and its 1-based line number.
    /// `onBatchEnd` runs after the lines of each read were handed over.
    init(
        url: URL, pollInterval: TimeInterval = 0.1, onBatchEnd: @escaping () -> Void = {},
        onLine: @escaping (ArraySlice<UInt8>, Int) -> Void
    ) {
        self.url = url
        self.pollInterval = pollInterval
        self.onBatchEnd = onBatchEnd
        self.onLine = onLine
    }

    /// Starts following on a background thread.
    func start() {
        Thread { [self] in
            while true {
                readAvailable()
                condition.lock()
                if isStopping {
                    condition.unlock()
                    break
                }
                _ = condition.wait(until: Date(timeIntervalSinceNow: pollInterval))
                let stop = isStopping
                condition.unlock()
                if stop { break }
            }
            readAvailable()
            if !pending.isEmpty {
                lineNumber += 1
                onLine(pending[...], lineNumber)
                pending.removeAll()
                onBatchEnd()
            }
            condition.lock()
            isFinished = true
            condition.broadcast()
            condition.unlock()
        }.start()
    }

    /// Stops following after reading what the file holds now, and waits until every line was handed over.
    func stop() {
        condition.lock()
        isStopping = true
        condition.broadcast()
        while !isFinished { condition.wait() }
        condition.unlock()
    }

    private func readAvailable() {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return }
        defer { try? handle.close() }
        do {
            try handle.seek(toOffset: offset)
            while let data = try handle.read(upToCount: 1 << 20), !data.isEmpty {
                offset += UInt64(data.count)
                pending.append(contentsOf: data)
                var start = 0
                while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                    lineNumber += 1
                    onLine(pending[start..<newline], lineNumber)
                    start = newline + 1
                }
                if start > 0 { pending.removeFirst(start) }
                onBatchEnd()
            }
        } catch {
            return
        }
    }
}
