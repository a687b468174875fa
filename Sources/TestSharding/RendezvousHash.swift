import ResultModel

/// The hashes of the shard split, the same in every CI job: a test's name by ``ResultModel/StableHash``, finished
/// with SplitMix64's mixer so that nearby names spread over all 64 bits, and a test's score for each shard.
enum RendezvousHash {
    /// The hash of `text`.
    /// - Complexity: O(*n*) in the UTF-8 length of `text`.
    static func of(_ text: String) -> UInt64 {
        mix(StableHash.of(text))
    }

    /// SplitMix64's finalizer: a bijection that spreads every input bit over the output.
    static func mix(_ value: UInt64) -> UInt64 {
        var value = value &+ 0x9E37_79B9_7F4A_7C15
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// The rendezvous score of a test (by its hash) for a shard: each test ranks the shards by this score, highest
    /// first, and that ranking depends on nothing but the test's name and the shard's number.
    static func score(test hash: UInt64, shard: Int) -> UInt64 {
        mix(hash ^ mix(UInt64(shard) &+ 1))
    }
}
