import ResultSupport

/// A minimal, fast JSON writer into a byte buffer, used for record lines (the format's hot path).
///
/// It writes exactly what `JSONEncoder` would decode back into the model types: keys as the Codable synthesis
/// names them, `nil` optionals left out, non-finite numbers as the strings `"inf"`, `"-inf"` and `"nan"`.
struct JSONBytes {
    let buffer: ByteBuffer

    private var needsComma = false

    init(capacity: Int = 4096) { buffer = ByteBuffer(capacity: capacity) }

    /// Writes into an existing (empty) buffer.
    init(buffer: ByteBuffer) { self.buffer = buffer }

    /// The number of bytes written.
    var count: Int { buffer.count }

    /// A copy of the bytes written.
    var bytes: [UInt8] { buffer.copyBytes() }

    mutating func beginObject() {
        separate()
        buffer.append(UInt8(ascii: "{"))
        needsComma = false
    }

    mutating func endObject() {
        buffer.append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func beginArray() {
        separate()
        buffer.append(UInt8(ascii: "["))
        needsComma = false
    }

    mutating func endArray() {
        buffer.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes `"key":` (keys are plain ASCII names chosen by this module).
    @inline(__always)
    mutating func key(_ key: StaticString) {
        separate()
        buffer.append(UInt8(ascii: "\""))
        buffer.append(key.utf8Start, count: key.utf8CodeUnitCount)
        buffer.append(UInt8(ascii: "\""), UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes `"key":` for a key only known at run time (dictionary keys).
    mutating func key(dynamic key: String) {
        string(key)
        buffer.append(UInt8(ascii: ":"))
        needsComma = false
    }

    mutating func string(_ value: String) {
        separate()
        var sink = buffer
        JSONEscaping.appendQuoted(value, to: &sink, scriptSafe: false)
        needsComma = true
    }

    mutating func int<T: BinaryInteger>(_ value: T) {
        separate()
        appendDecimal(Int64(clamping: value), decimals: 0)
        needsComma = true
    }

    /// Writes a number that reads back as exactly `value`; non-finite values as strings.
    mutating func double(_ value: Double) {
        if value.isNaN { return string("nan") }
        if value.isInfinite { return string(value < 0 ? "-inf" : "inf") }
        separate()
        needsComma = true
        // Fast path: values with up to 3 or 6 decimals (times, durations). m / scale is the correctly rounded
        // quotient, equal to what parsing the decimal text gives, so the text below reads back exactly.
        if abs(value) < 1e12 {
            let millis = (value * 1000).rounded()
            if millis / 1000 == value {
                appendDecimal(Int64(millis), decimals: 3)
                return
            }
            let micros = (value * 1_000_000).rounded()
            if micros / 1_000_000 == value, abs(micros) < 9e15 {
                appendDecimal(Int64(micros), decimals: 6)
                return
            }
        }
        buffer.append(Array(value.description.utf8))
    }

    /// Writes `scaled / 10^decimals` in fixed notation, without trailing zeros (`decimals` at most 6; 0 writes an
    /// integer). The text is built in a scratch buffer from its end and appended at once.
    private func appendDecimal(_ scaled: Int64, decimals: Int) {
        var scratch: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &scratch) { raw in
            var position = raw.count
            var magnitude = scaled.magnitude
            // The fraction's digits, from the last; trailing zeros are dropped and so is a fraction of zeros.
            var written = false
            for _ in 0..<decimals {
                let digit = UInt8(magnitude % 10)
                magnitude /= 10
                if digit != 0 || written {
                    position -= 1
                    raw[position] = UInt8(ascii: "0") + digit
                    written = true
                }
            }
            if written {
                position -= 1
                raw[position] = UInt8(ascii: ".")
            }
            repeat {
                position -= 1
                raw[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if scaled < 0 {
                position -= 1
                raw[position] = UInt8(ascii: "-")
            }
            buffer.append(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[position...]))
        }
    }

    mutating func bool(_ value: Bool) {
        separate()
        buffer.append(Array((value ? "true" : "false").utf8))
        needsComma = true
    }

    /// Appends fixed JSON text; `endsValue` says whether it ends a value (so what follows needs a comma).
    mutating func literal(_ text: StaticString, endsValue: Bool) {
        buffer.append(text.utf8Start, count: text.utf8CodeUnitCount)
        needsComma = endsValue
    }

    /// Whether `bytes` are written as a JSON string as they are: printable ASCII without `"` and `\`.
    /// Checks eight bytes at a time (the per-byte loop was a tenth of encoding a passed test).
    static func isVerbatim(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        guard bytes.count >= 8 else {
            // Fewer than eight bytes: checked as one word padded with a verbatim byte.
            var word: UInt64 = 0x6161_6161_6161_6161
            withUnsafeMutableBytes(of: &word) {
                $0.copyMemory(from: UnsafeRawBufferPointer(start: raw, count: bytes.count))
            }
            return !Self.hasNonVerbatimByte(word)
        }
        var offset = 0
        while offset + 8 <= bytes.count {
            if Self.hasNonVerbatimByte(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return false }
            offset += 8
        }
        // The last bytes, as the word that ends the text (it overlaps bytes already checked).
        return offset == bytes.count
            || !Self.hasNonVerbatimByte(raw.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
    }

    /// Whether any of the eight bytes of `word` is a control byte, not ASCII, DEL, `"` or `\` (exact: each
    /// test is the classic "some byte is zero" or "some byte is below n" bit trick, with n at most 128).
    @inline(__always)
    static func hasNonVerbatimByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let below0x20 = (word &- ones &* 0x20) & ~word & highs
        let flagged =
            below0x20 | (word & highs) | hasZeroByte(word ^ (ones &* 0x7F)) | hasZeroByte(word ^ (ones &* 0x22))
            | hasZeroByte(word ^ (ones &* 0x5C))
        return flagged != 0
    }

    /// Writes a string from bytes that ``isVerbatim(_:)`` accepted.
    mutating func verbatimString(_ bytes: UnsafeBufferPointer<UInt8>) {
        separate()
        buffer.append(UInt8(ascii: "\""))
        buffer.append(bytes)
        buffer.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// Appends a newline that ends a record line.
    mutating func newline() {
        buffer.append(0x0A)
        needsComma = false
    }

    mutating func removeAll() {
        buffer.removeAll()
        needsComma = false
    }

    @inline(__always)
    private mutating func separate() {
        if needsComma { buffer.append(UInt8(ascii: ",")) }
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

    mutating func field(_ name: StaticString, _ value: Bool?) {
        guard let value else { return }
        key(name)
        bool(value)
    }

    mutating func field<T: BinaryInteger>(_ name: StaticString, _ value: T?) {
        guard let value else { return }
        key(name)
        int(value)
    }

    mutating func field(_ name: StaticString, strings: [String]) {
        guard !strings.isEmpty else { return }
        key(name)
        beginArray()
        for value in strings { string(value) }
        endArray()
    }

    /// Writes a non-empty array; empty arrays are left out (readers default them to empty).
    @inline(__always)
    mutating func field<T>(_ name: StaticString, array: [T], _ element: (inout JSONBytes, T) -> Void) {
        guard !array.isEmpty else { return }
        key(name)
        beginArray()
        for value in array { element(&self, value) }
        endArray()
    }
}
