import CZlib

/// How a record batch is deflated, by its size.
///
/// Record batches are JSON Lines whose lines repeat each other's keys and most of their values, so nearly every
/// byte is part of a long match. zlib's lazy matcher (levels 4 to 9) spends its time searching long hash chains for
/// slightly longer matches; its greedy matcher (levels 1 to 3) is two to three times faster on these batches. Large
/// batches use the greedy matcher, told to index every position of matches up to 96 bytes (level 3 stops at 6) so
/// that later lines find the whole repeated run. They take a half to a third of level 6's time and come out 5-11%
/// larger (whole bundles, whose index is mostly random hashes, 4-6% larger than `gzip -6` of their content; see
/// docs/BENCHMARKS.md). Small batches, where the time is a few milliseconds at most, keep level 6, so small
/// bundles stay as small as before. Blobs are always written at level 6.
struct RecordDeflateSettings: Sendable {
    /// `deflateTune`'s parameters.
    struct Tuning: Sendable {
        var goodLength: Int32
        var maxLazy: Int32
        var niceLength: Int32
        var maxChain: Int32
    }

    var level: Int32
    /// `nil`: the level's own parameters.
    var tuning: Tuning?

    /// zlib's level 6 with its own parameters, as `gzip -6`.
    static let level6 = RecordDeflateSettings(level: 6, tuning: nil)

    /// The greedy matcher, tuned for JSON Lines.
    static let fastJSONLines = RecordDeflateSettings(
        level: 3, tuning: Tuning(goodLength: 4, maxLazy: 96, niceLength: 258, maxChain: 16))

    /// Batches from this size on are deflated with ``fastJSONLines``.
    static let fastFromSize = 512 << 10

    /// The settings for a batch of `size` bytes.
    static func forBatch(ofSize size: Int) -> RecordDeflateSettings {
        size >= fastFromSize ? fastJSONLines : level6
    }

    /// Applies these settings to a stream that has been reset and not yet given input (`deflateParams` then
    /// compresses nothing, and `deflateTune` must follow it, since it restores the level's parameters).
    func apply(to stream: inout z_stream) -> Int32 {
        let status = deflateParams(&stream, level, Z_DEFAULT_STRATEGY)
        guard status == Z_OK, let tuning else { return status }
        return deflateTune(&stream, tuning.goodLength, tuning.maxLazy, tuning.niceLength, tuning.maxChain)
    }
}
