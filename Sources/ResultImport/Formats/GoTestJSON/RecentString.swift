import ResultSupport

/// The text of a JSON line's member as a string, made again only when the line's bytes differ from those of the
/// line it was last made for: a test2json stream names the same package (and mostly the same test) line after
/// line, and each string made from bytes is an allocation.
struct RecentString {
    private var bytes: [UInt8] = []
    private var string: String?

    /// The value's text (``Swift/Optional/text``).
    mutating func string(for value: JSONLineValue?) -> String? {
        guard let plain = value?.plainBytes else { return value.text }
        if let string, plain.hasSameBytes(as: bytes) { return string }
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: plain)
        let made = String(decoding: plain, as: UTF8.self)
        string = made
        return made
    }
}
