import ResultSupport

/// An object member's name as ``JSONPullReader/readMembers(_:)`` reads it: the bytes in the document when the name
/// has no escape (valid while the reader's bytes are), else the decoded name.
public struct JSONKey {
    private let raw: UnsafeBufferPointer<UInt8>?
    private let decoded: String?

    init(bytes: UnsafeBufferPointer<UInt8>) {
        raw = bytes
        decoded = nil
    }

    init(decoded: String) {
        raw = nil
        self.decoded = decoded
    }

    /// Whether the name is `literal`, byte for byte.
    public func `is`(_ literal: StaticString) -> Bool {
        if let raw { return raw.equals(literal) }
        return decoded!.utf8.elementsEqual(
            UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// The name as a string.
    public var string: String { raw.map { String(decoding: $0, as: UTF8.self) } ?? decoded! }
}
