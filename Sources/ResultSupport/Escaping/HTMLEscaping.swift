/// Escaping of untrusted text for HTML element content and quoted attribute values (the HTML standard's
/// "escaping a string", plus the apostrophe, so single-quoted attributes are safe too).
///
/// - `<`, `>`, `&`, `"` and `'` become `&lt;`, `&gt;`, `&amp;`, `&quot;` and `&#39;`;
/// - control characters other than tab, line feed and carriage return (C0, DEL and C1) become U+FFFD, which the
///   HTML standard forbids in text anyway;
/// - everything else, invalid UTF-8 included (it is decoded as U+FFFD when read), is kept as it is.
///
/// So nothing from a test name, message, log or snapshot can open a tag, close an attribute or run script.
package enum HTMLEscaping {
    /// `text` safe to place between tags or inside a double- or single-quoted attribute.
    /// - Complexity: O(*n*) in the UTF-8 length of `text`; text that needs nothing is returned without a copy.
    package static func escape(_ text: some StringProtocol) -> String {
        var text = String(text)
        let escaped: [UInt8]? = text.withUTF8 { utf8 in
            guard needsEscaping(utf8) else { return nil }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(utf8.count + 16)
            appendEscaped(utf8, to: &bytes)
            return bytes
        }
        return escaped.map { String(decoding: $0, as: UTF8.self) } ?? text
    }

    /// Whether any byte of `utf8` would be replaced.
    @inlinable
    package static func needsEscaping(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in utf8 {
            switch byte {
            case 0x3C, 0x3E, 0x26, 0x22, 0x27, 0x7F: return true
            case 0x09, 0x0A, 0x0D: break
            case 0x00..<0x20: return true
            case 0x80..<0xA0 where previous == 0xC2: return true
            default: break
            }
            previous = byte
        }
        return false
    }

    /// Appends the UTF-8 `utf8` escaped.
    /// - Complexity: O(*n*); runs without a replacement are copied at once.
    @inlinable
    package static func appendEscaped<Sink: ByteAppending>(_ utf8: UnsafeBufferPointer<UInt8>, to sink: inout Sink) {
        var index = 0
        var copied = 0
        while index < utf8.count {
            let byte = utf8[index]
            let replacement: StaticString
            var length = 1
            switch byte {
            case 0x3C: replacement = "&lt;"
            case 0x3E: replacement = "&gt;"
            case 0x26: replacement = "&amp;"
            case 0x22: replacement = "&quot;"
            case 0x27: replacement = "&#39;"
            case 0x09, 0x0A, 0x0D:
                index += 1
                continue
            case 0x00..<0x20, 0x7F: replacement = "\u{FFFD}"
            case 0xC2 where index + 1 < utf8.count && (0x80..<0xA0).contains(utf8[index + 1]):
                replacement = "\u{FFFD}"
                length = 2
            default:
                index += 1
                continue
            }
            sink.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<index]))
            sink.append(literal: replacement)
            index += length
            copied = index
        }
        sink.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<utf8.count]))
    }

    /// Appends `text` escaped.
    @inlinable
    package static func appendEscaped<Sink: ByteAppending>(_ text: String, to sink: inout Sink) {
        var text = text
        text.withUTF8 { appendEscaped($0, to: &sink) }
    }

    /// A URL safe for `href`: only `http` and `https` URLs without spaces, quotes or angle brackets are kept;
    /// anything else (`javascript:`, `data:`, ...) is `nil`.
    package static func safeExternalURL(_ url: String) -> String? {
        let lowered = url.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else { return nil }
        guard !url.unicodeScalars.contains(where: { $0.value < 0x21 || $0 == "\"" || $0 == "<" || $0 == ">" })
        else { return nil }
        return url
    }
}
