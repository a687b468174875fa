/// Something bytes can be appended to: a byte array, or one of the modules' own output buffers. The escapers
/// write through it, so each escaping rule is written once and still runs at the speed of a plain loop (the
/// generic functions are inlinable and specialized for each buffer).
package protocol ByteAppending {
    /// Appends `bytes`.
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
    /// Appends one byte.
    mutating func append(_ byte: UInt8)
}

extension ByteAppending {
    /// Appends the bytes of a literal.
    @inlinable
    package mutating func append(literal text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

extension Array: ByteAppending where Element == UInt8 {}
