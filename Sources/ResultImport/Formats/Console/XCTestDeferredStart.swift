import ResultSupport

/// The lane most XCTest tests take through ``XCTestConsoleParser``: a start line whose test ends on the very next
/// line with `passed`. The start line's name is kept here as bytes instead of opening a test; when the next line
/// is that test's `passed` line, the parser writes it from bytes (``ResultModel/ResultSink/addPassedTest(_:)``)
/// without an open test, strings or a record. On any other line the parser releases the name and opens the test
/// as its start line would have.
struct XCTestDeferredStart {
    /// The kept test's printed name (printable ASCII).
    private(set) var name: [UInt8] = []
    /// The kept test's start line, while a test is kept.
    private(set) var startLine: Int?

    /// Whether a test is kept.
    var isPending: Bool { startLine != nil }

    /// Keeps the test `line` starts, when it is a start line of a name in printable ASCII.
    mutating func keep(startLine line: UnsafeBufferPointer<UInt8>, lineNumber: Int) -> Bool {
        guard let range = XCTestLineClassifier.startedName(line) else { return false }
        let printed = UnsafeBufferPointer(rebasing: line[range])
        guard printed.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return false }
        name.removeAll(keepingCapacity: true)
        name.append(contentsOf: printed)
        startLine = lineNumber
        return true
    }

    /// The duration, when `line` is the kept test's `passed` line.
    func passedDuration(in line: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let (range, duration) = XCTestLineClassifier.passedName(line),
            UnsafeBufferPointer(rebasing: line[range]).hasSameBytes(as: name)
        else { return nil }
        return duration
    }

    /// Forgets the kept test (it was written from bytes).
    mutating func clear() { startLine = nil }

    /// Forgets the kept test and returns its name and start line, for the parser to open it.
    mutating func release() -> (name: String, startLine: Int)? {
        guard let line = startLine else { return nil }
        startLine = nil
        return (String(decoding: name, as: UTF8.self), line)
    }
}
