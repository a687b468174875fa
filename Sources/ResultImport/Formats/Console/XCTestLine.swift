/// One line of XCTest console output, classified. Works for swift-corelibs-xctest (Linux) and Xcode's XCTest.
enum XCTestLine {
    /// `Test Suite 'Name' started at ...`.
    case suiteStarted(name: String)
    /// `Test Suite 'Name' passed|failed at ...`.
    case suiteEnded(name: String, passed: Bool)
    /// `Executed N tests, with M tests skipped and K failures (U unexpected) in T (W) seconds`: `wallClock` is W,
    /// the time by the clock (T adds up the tests).
    case executed(tests: Int, skipped: Int?, failures: Int, unexpected: Int, wallClock: Double?)
    /// `Test Case 'Class.test' started at ...` or `Test Case '-[Module.Class test]' started.`.
    case caseStarted(name: String)
    /// `Test Case 'Class.test' passed (0.001 seconds)`, also failed and skipped.
    case caseEnded(name: String, status: TestOutcomeWord, duration: Double?)
    /// `Test case 'Class.test()' passed on 'Clone 1 of ...' (0.005 seconds)` (Xcode parallel testing).
    case parallelCaseEnded(name: String, status: TestOutcomeWord, worker: String, duration: Double?)
    /// `path:line: error: Class.test : message`, or `<EXPR>:0: error: Class.test : threw error "..."`.
    case failure(name: String, file: String, line: Int, message: String)
    /// `path:line: Class.test : Test skipped - reason`.
    case skip(name: String, file: String, line: Int, reason: String?)
    /// `path:line: Test Case 'Class.test' measured [Time, seconds] average: ...`.
    case measured(name: String, file: String, line: Int, details: String)
    /// `[3/5] Testing Module.Class/test` (`swift test --parallel`, which prints details of failing tests only).
    case parallelProgress(name: String)
}

/// The outcome word of a test-case line.
enum TestOutcomeWord {
    case passed, failed, skipped
}

/// Recognises XCTest console lines from their bytes without regular expressions.
enum XCTestLineClassifier {
    /// The classification of `line`, or `nil` for any other line (test output, build output, ...).
    static func classify(_ line: UnsafeBufferPointer<UInt8>) -> XCTestLine? {
        guard let first = line.first else { return nil }
        if first == UInt8(ascii: "T") {
            if line.hasPrefix("Test Case '") { return testCase(line, prefixLength: 11) }
            if line.hasPrefix("Test Suite '") { return suite(line) }
            if line.hasPrefix("Test case '") { return parallelCase(line) }
            return nil
        }
        if first == UInt8(ascii: "\t") || first == UInt8(ascii: " ") {
            return executed(line)
        }
        if first == UInt8(ascii: "["), let testing = line.firstRange(of: "] Testing "), testing.lowerBound < 24 {
            return .parallelProgress(name: line.string(testing.upperBound..<line.count))
        }
        return located(line)
    }

    /// Where the name is in a `Test Case 'NAME' started at ...` line, read as ``classify(_:)`` reads it.
    static func startedName(_ line: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard line.hasPrefix("Test Case '"), let close = line.lastRange(of: "' "), close.lowerBound >= 11,
            UnsafeBufferPointer(rebasing: line[close.upperBound...]).hasPrefix("started")
        else { return nil }
        return 11..<close.lowerBound
    }

    /// Where the name is in a `Test Case 'NAME' passed (D seconds)` line, and its duration, read as
    /// ``classify(_:)`` reads them.
    static func passedName(_ line: UnsafeBufferPointer<UInt8>) -> (name: Range<Int>, duration: Double?)? {
        guard line.hasPrefix("Test Case '"), let close = line.lastRange(of: "' "), close.lowerBound >= 11 else {
            return nil
        }
        let rest = UnsafeBufferPointer(rebasing: line[close.upperBound...])
        guard rest.hasPrefix("passed (") else { return nil }
        return (11..<close.lowerBound, seconds(in: rest))
    }

    private static func testCase(_ line: UnsafeBufferPointer<UInt8>, prefixLength: Int) -> XCTestLine? {
        guard let close = line.lastRange(of: "' "), close.lowerBound >= prefixLength else { return nil }
        let name = line.string(prefixLength..<close.lowerBound)
        let rest = UnsafeBufferPointer(rebasing: line[close.upperBound...])
        if rest.hasPrefix("started") { return .caseStarted(name: name) }
        let word: TestOutcomeWord
        if rest.hasPrefix("passed (") {
            word = .passed
        } else if rest.hasPrefix("failed (") {
            word = .failed
        } else if rest.hasPrefix("skipped (") {
            word = .skipped
        } else {
            return nil
        }
        return .caseEnded(name: name, status: word, duration: seconds(in: rest))
    }

    private static func parallelCase(_ line: UnsafeBufferPointer<UInt8>) -> XCTestLine? {
        guard let on = line.firstRange(of: " on '") else { return nil }
        let head = UnsafeBufferPointer(rebasing: line[0..<on.lowerBound])
        guard let space = head.lastRange(of: "' "), space.lowerBound >= 11 else { return nil }
        let name = line.string(11..<space.lowerBound)
        let wordBytes = UnsafeBufferPointer(rebasing: line[space.upperBound..<on.lowerBound])
        let word: TestOutcomeWord
        if wordBytes.hasPrefix("passed") {
            word = .passed
        } else if wordBytes.hasPrefix("failed") {
            word = .failed
        } else if wordBytes.hasPrefix("skipped") {
            word = .skipped
        } else {
            return nil
        }
        let tail = UnsafeBufferPointer(rebasing: line[on.upperBound...])
        guard let workerEnd = tail.lastRange(of: "' (") else { return nil }
        let worker = tail.string(0..<workerEnd.lowerBound)
        let duration = seconds(in: UnsafeBufferPointer(rebasing: tail[workerEnd.lowerBound...]))
        return .parallelCaseEnded(name: name, status: word, worker: worker, duration: duration)
    }

    private static func suite(_ line: UnsafeBufferPointer<UInt8>) -> XCTestLine? {
        // `Test Suite '` is 12 bytes; a quote inside it (`Test Suite ' started`) is no name.
        guard let close = line.lastRange(of: "' "), close.lowerBound >= 12 else { return nil }
        let name = line.string(12..<close.lowerBound)
        let rest = UnsafeBufferPointer(rebasing: line[close.upperBound...])
        if rest.hasPrefix("started") { return .suiteStarted(name: name) }
        if rest.hasPrefix("passed") { return .suiteEnded(name: name, passed: true) }
        if rest.hasPrefix("failed") { return .suiteEnded(name: name, passed: false) }
        return nil
    }

    /// `(0.105 seconds)` anywhere in `text`.
    private static func seconds(in text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let open = text.lastRange(of: "("), let end = text.lastRange(of: " seconds)"),
            open.upperBound < end.lowerBound
        else { return nil }
        return text.double(open.upperBound..<end.lowerBound)
    }

    private static func executed(_ line: UnsafeBufferPointer<UInt8>) -> XCTestLine? {
        guard let executed = line.firstRange(of: "Executed ") else { return nil }
        let numbers = integers(in: line, from: executed.upperBound, limit: 4)
        guard let tests = numbers.first else { return nil }
        let hasSkipped = line.firstRange(of: " skipped") != nil
        let wallClock = wallSeconds(in: line)
        if hasSkipped, numbers.count >= 4 {
            return .executed(
                tests: tests, skipped: numbers[1], failures: numbers[2], unexpected: numbers[3], wallClock: wallClock)
        }
        guard numbers.count >= 3 else { return nil }
        return .executed(
            tests: tests, skipped: nil, failures: numbers[1], unexpected: numbers[2], wallClock: wallClock)
    }

    /// `W` of a summary's `in T (W) seconds`.
    private static func wallSeconds(in line: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let end = line.lastRange(of: ") seconds"), let open = line.lastRange(of: "("),
            open.upperBound < end.lowerBound
        else { return nil }
        return line.double(open.upperBound..<end.lowerBound)
    }

    /// Up to `limit` unsigned integers appearing in `line` after `start`, skipping decimal numbers' fractions.
    private static func integers(in line: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> [Int] {
        var result: [Int] = []
        var index = start
        while index < line.count, result.count < limit {
            guard (48...57).contains(line[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < line.count, (48...57).contains(line[end]) { end += 1 }
            if let value = line.integer(index..<end) { result.append(value) }
            index = end
        }
        return result
    }

    /// Lines that start with `path:line: `: failures, skips and measurements.
    private static func located(_ line: UnsafeBufferPointer<UInt8>) -> XCTestLine? {
        guard let separator = line.firstRange(of: ": ") else { return nil }
        let place = UnsafeBufferPointer(rebasing: line[0..<separator.lowerBound])
        guard let colon = place.lastRange(of: ":"), let number = place.integer((colon.upperBound)..<place.count)
        else { return nil }
        let file = place.string(0..<colon.lowerBound)
        let rest = UnsafeBufferPointer(rebasing: line[separator.upperBound...])
        if rest.hasPrefix("error: ") {
            let body = UnsafeBufferPointer(rebasing: rest[7...])
            guard let split = body.firstRange(of: " : ") else { return nil }
            let name = body.string(0..<split.lowerBound)
            let message = body.string(split.upperBound..<body.count)
            return .failure(name: name, file: file, line: number, message: message)
        }
        if rest.hasPrefix("Test Case '") {
            guard let close = rest.firstRange(of: "' measured "), close.lowerBound >= 11 else { return nil }
            let name = rest.string(11..<close.lowerBound)
            let details = rest.string(close.upperBound..<rest.count)
            return .measured(name: name, file: file, line: number, details: details)
        }
        guard let split = rest.firstRange(of: " : Test skipped") else { return nil }
        let name = rest.string(0..<split.lowerBound)
        var reason: String?
        if let dash = rest.firstRange(of: " - ", from: split.upperBound) {
            reason = rest.string(dash.upperBound..<rest.count)
        }
        return .skip(name: name, file: file, line: number, reason: reason)
    }
}
