import Foundation

/// The start and the end of a blob, for showing output too large to show or hold whole (a test's log of a few
/// hundred megabytes): at most `head` bytes from its start and `tail` bytes from its end, and its full size.
public struct BlobExcerpt: Sendable, Hashable {
    /// The first bytes: the whole blob when ``isWhole``.
    public var head: Data
    /// The last bytes, after a gap; empty when ``isWhole``.
    public var tail: Data
    /// The blob's size in bytes.
    public var totalBytes: Int

    /// Creates an excerpt.
    public init(head: Data, tail: Data, totalBytes: Int) {
        self.head = head
        self.tail = tail
        self.totalBytes = totalBytes
    }

    /// The excerpt of `data` held whole.
    public init(of data: Data, headBytes: Int, tailBytes: Int) {
        if data.count <= headBytes + tailBytes {
            self.init(head: data, tail: Data(), totalBytes: data.count)
        } else {
            self.init(head: data.prefix(headBytes), tail: data.suffix(tailBytes), totalBytes: data.count)
        }
    }

    /// Whether ``head`` is the whole blob.
    public var isWhole: Bool { head.count == totalBytes }

    /// The bytes left out between ``head`` and ``tail``.
    public var omittedBytes: Int { totalBytes - head.count - tail.count }

    /// The excerpt as text (invalid UTF-8 replaced): the head, a line saying how much was left out, the tail.
    public var text: String {
        let start = String(decoding: head, as: UTF8.self)
        guard !isWhole else { return start }
        return start + "\n[… \(omittedBytes) bytes of \(totalBytes) not shown …]\n"
            + String(decoding: tail, as: UTF8.self)
    }
}
