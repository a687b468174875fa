/// Cutting text that is too long to show: the first bytes (ending on a whole character), then a visible marker
/// with the full length, so a reader knows the text goes on. Display outputs (report, summary, JUnit) read bundles
/// with a cut, so what they hold and write is bounded by the cut, not by what a bundle holds (docs/OUTPUTS.md).
public enum TextCut {
    /// What follows the kept part of a cut text.
    public static func marker(totalBytes: Int) -> String { "… [cut: \(totalBytes) bytes in all]" }

    /// The first `limit` bytes of `bytes` at most (UTF-8, cut before a partial character), then the marker; `bytes`
    /// itself when it is not longer than `limit`.
    public static func cut(_ bytes: UnsafeBufferPointer<UInt8>, to limit: Int, totalBytes: Int? = nil) -> String {
        guard bytes.count > limit || (totalBytes ?? 0) > bytes.count else {
            return String(decoding: bytes, as: UTF8.self)
        }
        var end = min(limit, bytes.count)
        // Back off over continuation bytes (10xxxxxx) to the start of the character they belong to.
        while end > 0 && end < bytes.count && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
            + marker(totalBytes: totalBytes ?? bytes.count)
    }

    /// `text` cut to `limit` UTF-8 bytes (see ``cut(_:to:totalBytes:)``).
    public static func cut(_ text: String, to limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var copy = text
        return copy.withUTF8 { cut($0, to: limit) }
    }
}
