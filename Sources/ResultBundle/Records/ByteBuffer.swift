import ResultSupport

/// A growable byte buffer with cheap appends, the storage of ``JSONBytes``.
/// Not safe to use from several tasks at once.
final class ByteBuffer: ByteAppending {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    func reserve(_ extra: Int) {
        if count + extra > capacity { grow(count + extra) }
    }

    private func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    func append(_ pointer: UnsafePointer<UInt8>, count length: Int) {
        reserve(length)
        (base + count).update(from: pointer, count: length)
        count += length
    }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let pointer = bytes.baseAddress else { return }
        append(pointer, count: bytes.count)
    }

    @inline(__always)
    func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) { append(bytes) }

    func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Appends two ASCII bytes.
    @inline(__always)
    func append(_ first: UInt8, _ second: UInt8) {
        reserve(2)
        base[count] = first
        base[count + 1] = second
        count += 2
    }

    func truncate(to length: Int) { count = min(count, length) }

    func removeAll() { count = 0 }

    /// The bytes from `start` to the end, copied.
    func copyBytes(from start: Int = 0) -> [UInt8] {
        Array(UnsafeBufferPointer(start: base + start, count: count - start))
    }

    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }
}
