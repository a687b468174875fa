/// How a record batch is deflated, by its size.
///
/// Record batches are JSON Lines whose lines repeat each other's keys and most of their values, so nearly every
/// byte is part of a long match. zlib spends most of an import's compressing time searching its hash chains for
/// them; libdeflate's fastest level finds the same runs two to three times as fast as zlib's greedy matcher (and
/// four times as fast as `gzip -6`), for batches 2-9% larger than `gzip -6` would make them. Large batches, which
/// imports write, use it. Small batches, which live recordings write one per test and where the time is a few
/// milliseconds at most, use libdeflate's level 6, which is smaller than zlib's and still faster. See
/// docs/BENCHMARKS.md for the measurements.
enum RecordDeflateSettings {
    /// libdeflate's level for batches from ``fastFromSize`` on.
    static let fastLevel: Int32 = 1

    /// libdeflate's level for smaller batches.
    static let smallBatchLevel: Int32 = 6

    /// Batches from this size on are deflated at ``fastLevel``.
    static let fastFromSize = 512 << 10

    /// The libdeflate level for a batch of `size` bytes.
    static func level(forBatchOfSize size: Int) -> Int32 {
        size >= fastFromSize ? fastLevel : smallBatchLevel
    }
}
