/// A minimal, fast JSON writer into a byte buffer, used for record lines (the format's hot path).
///
/// It writes exactly what `JSONEncoder` would decode back into the model types: keys as the Codable synthesis
/// names them, `nil` optionals left out, non-finite numbers as the strings `"inf"`, `"-inf"` and `"nan"`.
struct JSONBytes {
    var bytes: [UInt8] = []

    private var needsComma = false

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes `"key":` (keys are plain ASCII names chosen by this module).
    mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes `"key":` for a key only known at run time (dictionary keys).
    mutating func key(dynamic key: String) {
        string(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") { continue }
                if start < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index])) }
                start = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    let digits: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
                }
            }
            if start < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...])) }
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    mutating func int<T: BinaryInteger>(_ value: T) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
        needsComma = true
    }

    mutating func double(_ value: Double) {
        if value.isNaN { return string("nan") }
        if value.isInfinite { return string(value < 0 ? "-inf" : "inf") }
        separate()
        if value == value.rounded(), abs(value) < 1e15 {
            bytes.append(contentsOf: String(Int64(value)).utf8)
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
        needsComma = true
    }

    mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
        needsComma = true
    }

    /// Appends already-encoded JSON (from `JSONEncoder`) as one value.
    mutating func raw(_ json: some Sequence<UInt8>) {
        separate()
        bytes.append(contentsOf: json)
        needsComma = true
    }

    /// Appends a newline that ends a record line.
    mutating func newline() {
        bytes.append(0x0A)
        needsComma = false
    }

    mutating func removeAll(keepingCapacity: Bool = true) {
        bytes.removeAll(keepingCapacity: keepingCapacity)
        needsComma = false
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    // MARK: Optional helpers

    mutating func field(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    mutating func field(_ name: StaticString, _ value: Double?) {
        guard let value else { return }
        key(name)
        double(value)
    }

    mutating func field<T: BinaryInteger>(_ name: StaticString, _ value: T?) {
        guard let value else { return }
        key(name)
        int(value)
    }

    mutating func field(_ name: StaticString, strings: [String]) {
        key(name)
        beginArray()
        for value in strings { string(value) }
        endArray()
    }

    mutating func field<T>(_ name: StaticString, array: [T], _ element: (inout JSONBytes, T) -> Void) {
        key(name)
        beginArray()
        for value in array { element(&self, value) }
        endArray()
    }
}
