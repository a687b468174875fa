import Foundation

/// Reformats JSON text with two-space indentation for an attachment's preview, keeping the members in the order
/// written and every string and number exactly as written (escapes included). Text that is not valid JSON
/// (RFC 8259), or nests deeper than ``maximumDepth``, gives `nil`: the preview then shows it as it is.
///
/// Our own code, because the preview must show the producer's key order and number spelling, which decoding and
/// re-encoding with `JSONSerialization` would not keep.
enum JSONPrettyPrinter {
    /// Arrays and objects nested deeper than this are not reformatted (the text is shown as written).
    static let maximumDepth = 64

    /// The reformatted text, or `nil` when `data` is not valid JSON. The whole of `data` is checked, but the text
    /// stops after about `outputLimit` bytes (indentation can make it many times larger than the input).
    /// - Complexity: O(*n*) in the size of `data`.
    static func format(_ data: Data, outputLimit: Int = .max) -> String? {
        var parser = Parser(bytes: Array(data), outputLimit: outputLimit)
        guard parser.value(depth: 0) else { return nil }
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { return nil }
        return String(decoding: parser.output, as: UTF8.self)
    }

    private struct Parser {
        let bytes: [UInt8]
        let outputLimit: Int
        var index = 0
        var output: [UInt8] = []

        init(bytes: [UInt8], outputLimit: Int) {
            self.bytes = bytes
            self.outputLimit = outputLimit
            output.reserveCapacity(min(bytes.count * 2, outputLimit))
        }

        /// Appends to the text, until it holds `outputLimit` bytes.
        private mutating func emit(_ byte: UInt8) {
            if output.count < outputLimit { output.append(byte) }
        }

        private mutating func emit(_ text: some Collection<UInt8>) {
            if output.count < outputLimit { output.append(contentsOf: text) }
        }

        private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        private mutating func newline(depth: Int) {
            emit(0x0A)
            emit(repeatElement(0x20, count: depth * 2))
        }

        mutating func value(depth: Int) -> Bool {
            skipWhitespace()
            guard let byte = current else { return false }
            switch byte {
            case UInt8(ascii: "{"): return container(depth: depth, close: UInt8(ascii: "}"), isObject: true)
            case UInt8(ascii: "["): return container(depth: depth, close: UInt8(ascii: "]"), isObject: false)
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
            default: return false
            }
        }

        /// An object or an array: one member or element a line, indented one level deeper than its brackets.
        private mutating func container(depth: Int, close: UInt8, isObject: Bool) -> Bool {
            guard depth < JSONPrettyPrinter.maximumDepth else { return false }
            emit(bytes[index])
            index += 1
            skipWhitespace()
            if current == close {
                emit(close)
                index += 1
                return true
            }
            while true {
                newline(depth: depth + 1)
                if isObject {
                    skipWhitespace()
                    guard current == UInt8(ascii: "\""), string() else { return false }
                    skipWhitespace()
                    guard current == UInt8(ascii: ":") else { return false }
                    index += 1
                    emit([UInt8(ascii: ":"), 0x20])
                }
                guard value(depth: depth + 1) else { return false }
                skipWhitespace()
                if current == UInt8(ascii: ",") {
                    emit(UInt8(ascii: ","))
                    index += 1
                } else if current == close {
                    newline(depth: depth)
                    emit(close)
                    index += 1
                    return true
                } else {
                    return false
                }
            }
        }

        /// A string, copied as written; control characters must be escaped and escapes must be JSON's.
        private mutating func string() -> Bool {
            let start = index
            index += 1
            while let byte = current {
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    emit(bytes[start..<index])
                    return true
                case UInt8(ascii: "\\"):
                    guard let escaped = current else { return false }
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                        UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        continue
                    case UInt8(ascii: "u"):
                        for _ in 0..<4 {
                            guard let digit = current, Self.isHexDigit(digit) else { return false }
                            index += 1
                        }
                    default: return false
                    }
                case 0..<0x20: return false
                default: continue
                }
            }
            return false
        }

        private mutating func literal(_ word: String) -> Bool {
            let count = word.utf8.count
            guard index + count <= bytes.count, bytes[index..<index + count].elementsEqual(word.utf8) else {
                return false
            }
            emit(bytes[index..<index + count])
            index += count
            return true
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, copied as written.
        private mutating func number() -> Bool {
            let start = index
            if current == UInt8(ascii: "-") { index += 1 }
            if current == UInt8(ascii: "0") {
                index += 1
            } else {
                guard digits() else { return false }
            }
            if current == UInt8(ascii: ".") {
                index += 1
                guard digits() else { return false }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard digits() else { return false }
            }
            emit(bytes[start..<index])
            return true
        }

        /// One or more decimal digits.
        private mutating func digits() -> Bool {
            let start = index
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index > start
        }

        private static func isHexDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }
    }
}
