import Foundation
import ResultSupport

/// A test line in the shape most tests have, read without decoding it: one attempt that passed, holding nothing
/// but a start and a duration, and a name in printable ASCII.
///
/// Exporters write such a test from a few byte ranges instead of building a ``ResultModel/TestRecord`` (about ten
/// allocated fields, and as many releases later). Only the exact text this library's writer produces is
/// recognized, key order included (the schema's order, ``PassedTestKeys``); any other line, however valid, is not
/// a plain passed test, and its reader decodes it as usual. So the fast path never has to agree with the decoder on anything but this one shape.
struct PlainPassedTest {
    /// The line's text from its start to the test's name: its run, module and suites. Two lines with equal suite
    /// texts have equal runs, modules and suites.
    var suiteText: UnsafeBufferPointer<UInt8>
    /// The name's bytes: printable ASCII without escapes, so they are the name itself.
    var name: UnsafeBufferPointer<UInt8>
    /// When the attempt started, if recorded.
    var start: Double?
    /// How long it took.
    var duration: Double

    /// Reads `line` (one record line, without its newline); `nil` when it is not a plain passed test.
    init?(line: UnsafeBufferPointer<UInt8>) {
        var scanner = LineScanner(line)
        guard let suiteText = scanner.suiteText(), let name = scanner.plainString(), scanner.take("}") else {
            return nil
        }
        if scanner.take(PassedTestKeys.displayName) { guard scanner.skipString() else { return nil } }
        if scanner.take(PassedTestKeys.locationFile) {
            guard scanner.skipString(), scanner.take(PassedTestKeys.locationLine), scanner.skipInteger() else {
                return nil
            }
            if scanner.take(PassedTestKeys.locationColumn) { guard scanner.skipInteger() else { return nil } }
            guard scanner.take("}") else { return nil }
        }
        if scanner.take(PassedTestKeys.tags) { guard scanner.skipStringArray() else { return nil } }
        guard scanner.take(PassedTestKeys.passedAttempt) else { return nil }
        var start: Double?
        if scanner.take(PassedTestKeys.start) {
            guard let value = scanner.number() else { return nil }
            start = value
        }
        guard scanner.take(PassedTestKeys.duration), let duration = scanner.number(),
            scanner.take(PassedTestKeys.lineEnd), scanner.isAtEnd
        else { return nil }
        self.suiteText = suiteText
        self.name = name
        self.start = start
        self.duration = duration
    }

    /// Whether the suite text is `text`.
    func hasSuiteText(_ text: [UInt8]) -> Bool {
        suiteText.hasSameBytes(as: text)
    }

    /// The suite text of any test line whose identity is written as this library writes it (see
    /// ``suiteText``), whatever the rest of the line holds; `nil` otherwise.
    static func suiteText(of line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        var scanner = LineScanner(line)
        guard let text = scanner.suiteText(), scanner.skipString(), scanner.take("}") else { return nil }
        return text
    }
}

/// Steps through a record line, accepting only the exact text expected next.
private struct LineScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isAtEnd: Bool { position == bytes.count }

    /// Consumes `literal` if the text continues with it.
    mutating func take(_ literal: StaticString) -> Bool {
        guard UnsafeBufferPointer(rebasing: bytes[position...]).hasPrefix(literal) else { return false }
        position += literal.utf8CodeUnitCount
        return true
    }

    /// The line's start through the identity's suites, leaving the scanner on the name's opening quote.
    mutating func suiteText() -> UnsafeBufferPointer<UInt8>? {
        guard take(PassedTestKeys.lineStart) else { return nil }
        if take(PassedTestKeys.runIndex) { guard skipInteger(), take(",") else { return nil } }
        guard take(PassedTestKeys.identity) else { return nil }
        if take(PassedTestKeys.module) { guard skipString(), take(",") else { return nil } }
        if take(PassedTestKeys.suites) { guard skipStringArray(), take(",") else { return nil } }
        let end = position
        guard take(PassedTestKeys.name) else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[0..<end])
    }

    /// Skips a string the decoder accepts: no control characters, only JSON's escapes.
    mutating func skipString() -> Bool {
        guard take("\"") else { return false }
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return true
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { return false }
                let escaped = bytes[position]
                position += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    break
                case UInt8(ascii: "u"):
                    guard bytes.count - position >= 4,
                        UnsafeBufferPointer(rebasing: bytes[position..<(position + 4)]).allSatisfy(\.isHexDigit)
                    else { return false }
                    position += 4
                default: return false
                }
            case ..<0x20: return false
            default: break
            }
        }
        return false
    }

    /// The contents of a string of printable ASCII without escapes.
    mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
        guard take("\"") else { return nil }
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return UnsafeBufferPointer(rebasing: bytes[start..<(position - 1)])
            }
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
            position += 1
        }
        return nil
    }

    /// Skips `[]` or `[` strings separated by commas `]`.
    mutating func skipStringArray() -> Bool {
        guard take("[") else { return false }
        if take("]") { return true }
        repeat {
            guard skipString() else { return false }
        } while take(",")
        return take("]")
    }

    /// Skips an optional minus sign and 1 to 18 digits (an integer the decoder reads; it refuses 2^63 and more).
    mutating func skipInteger() -> Bool {
        _ = take("-")
        let start = position
        while position < bytes.count, (0x30...0x39).contains(bytes[position]) { position += 1 }
        return position > start && position - start <= 18
    }

    /// A number, read exactly as the decoder reads it; `nil` for anything else (`null`, a quoted non-finite value).
    mutating func number() -> Double? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "-") || (0x30...0x39).contains(bytes[position])
        else { return nil }
        var cursor = JSONCursor(bytes)
        cursor.position = position
        guard let value = try? cursor.readDouble() else { return nil }
        position = cursor.position
        return value
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
