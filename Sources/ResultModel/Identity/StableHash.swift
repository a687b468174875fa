/// The one hash of names that must come out the same in every process, on every machine and in every version (Swift's
/// `hashValue` is seeded per process): 64-bit FNV-1a over UTF-8 bytes. Bundles store it (the index's test hashes),
/// reports are named by it (test pages and row anchors, recomputed by the report's `search.js`), baselines and
/// shards are keyed by it, so its output is part of the format: `Tests/Fixtures/stable-hash-vectors.json` holds
/// vectors that both this type and `search.js` are checked against.
package struct StableHash {
    /// FNV-1a's 64-bit offset basis.
    @usableFromInline static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    /// FNV-1a's 64-bit prime.
    @usableFromInline static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The hash of the bytes added so far.
    package private(set) var value: UInt64

    /// A hash of no bytes yet; a `seed` other than 0 is mixed into the offset basis, for tables that keep apart
    /// equal bytes of different kinds (it changes every output, so nothing stored uses it).
    @inlinable package init(seed: UInt64 = 0) { value = Self.offsetBasis ^ seed }

    /// The hash of `text`'s UTF-8 bytes.
    @inlinable package static func of(_ text: String) -> UInt64 {
        var hash = StableHash()
        hash.add(text)
        return hash.value
    }

    /// Carries the hash on over one byte.
    @inlinable @inline(__always)
    package mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* Self.prime
    }

    /// Carries the hash on over `bytes`.
    @inlinable package mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes { add(byte) }
    }

    /// Carries the hash on over `text`'s UTF-8 bytes.
    @inlinable package mutating func add(_ text: String) {
        for byte in text.utf8 { add(byte) }
    }

    /// Carries the hash on over ``TestIdentity/id`` (components joined by `/`), without building the string.
    @inlinable package mutating func add(_ identity: TestIdentity) {
        if let module = identity.module {
            add(module)
            add(UInt8(ascii: "/"))
        }
        for suite in identity.suites {
            add(suite)
            add(UInt8(ascii: "/"))
        }
        add(identity.name)
    }
}
