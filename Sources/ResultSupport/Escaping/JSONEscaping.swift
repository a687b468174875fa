/// Writing JSON string literals (RFC 8259, section 7).
///
/// - `"` and `\` are escaped with a backslash; line feed, carriage return and tab as `\n`, `\r` and `\t`; every
///   other C0 control character as `\u00XX` (lowercase hex);
/// - every other byte, UTF-8 of any length included, is copied as it is;
/// - `scriptSafe` also writes `<`, `>`, `&`, U+2028 and U+2029 as `\u` escapes, so the literal can sit inside a
///   `<script>` element or a script file and never ends the element or a JavaScript line.
package enum JSONEscaping {
    /// `text` as a JSON string literal, quotes included.
    package static func quoted(_ text: String, scriptSafe: Bool = false) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &bytes, scriptSafe: scriptSafe)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal, quotes included.
    @inlinable
    package static func appendQuoted<Sink: ByteAppending>(_ text: String, to sink: inout Sink, scriptSafe: Bool) {
        var text = text
        text.withUTF8 { appendQuoted($0, to: &sink, scriptSafe: scriptSafe) }
    }

    /// Appends the UTF-8 `utf8` as a JSON string literal, quotes included.
    /// - Complexity: O(*n*); runs without an escape are copied at once.
    @inlinable
    package static func appendQuoted<Sink: ByteAppending>(
        _ utf8: UnsafeBufferPointer<UInt8>, to sink: inout Sink, scriptSafe: Bool
    ) {
        sink.append(0x22)
        var index = 0
        var copied = 0
        while index < utf8.count {
            let byte = utf8[index]
            var length = 1
            var short: UInt8 = 0  // the letter after the backslash, or 0 for a \u escape of `code`
            var code = UInt32(byte)
            switch byte {
            case 0x22, 0x5C: short = byte
            case 0x0A: short = UInt8(ascii: "n")
            case 0x0D: short = UInt8(ascii: "r")
            case 0x09: short = UInt8(ascii: "t")
            case 0x00..<0x20: break
            case 0x3C where scriptSafe, 0x3E where scriptSafe, 0x26 where scriptSafe: break
            case 0xE2
            where scriptSafe && index + 2 < utf8.count && utf8[index + 1] == 0x80
                && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                code = utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029
                length = 3
            default:
                index += 1
                continue
            }
            sink.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<index]))
            sink.append(0x5C)
            if short != 0 {
                sink.append(short)
            } else {
                sink.append(UInt8(ascii: "u"))
                for shift: UInt32 in [12, 8, 4, 0] {
                    let digit = UInt8((code >> shift) & 0xF)
                    sink.append(digit < 10 ? 0x30 + digit : 0x57 + digit)
                }
            }
            index += length
            copied = index
        }
        sink.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<utf8.count]))
        sink.append(0x22)
    }
}
