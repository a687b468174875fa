/// Declared maximum sizes a reader accepts and a writer never exceeds, so that a hostile or corrupt bundle
/// cannot make a reader allocate or inflate without bound. Every check happens before allocating.
public struct BundleLimits: Sendable, Hashable {
    /// Largest uncompressed payload of a record batch frame (default 64 MiB).
    public var maxRecordBatchBytes: Int
    /// Largest uncompressed blob (default 1 GiB). Blobs are streamed; see ``maxInMemoryBlobBytes``.
    public var maxBlobBytes: Int
    /// Largest blob ``BundleReader/blobData(_:)`` returns in memory (default 256 MiB); larger blobs are
    /// read with ``BundleReader/copyBlob(_:to:)``.
    public var maxInMemoryBlobBytes: Int
    /// Largest index frame payload, uncompressed (default 64 MiB, about five million tests).
    public var maxIndexBytes: Int
    /// Largest large-index frame payload, uncompressed (default 1 GiB, about 85 million tests); a writer uses that
    /// frame type for an index over ``maxIndexBytes``.
    public var maxLargeIndexBytes: Int
    /// Largest payload of a frame of a type this reader does not know (default 1 GiB); such frames are skipped.
    public var maxUnknownFrameBytes: Int
    /// Largest ratio of uncompressed to stored size (default 1100; deflate itself cannot exceed about 1032).
    public var maxCompressionRatio: Int
    /// Sizes up to which the ratio is not checked (default 64 KiB).
    public var ratioExemptBytes: Int
    /// Reading only: strings of decoded records longer than this many UTF-8 bytes are cut (``TextCut``) as they
    /// are read, so a display output's memory is bounded by it rather than by the 64 MiB a record may hold.
    /// Unlimited by default (``standard``); ``display`` cuts at 1 MiB.
    public var maxDecodedStringBytes: Int

    /// Creates limits; the defaults are the format's declared limits (see `docs/FORMAT.md`).
    public init(
        maxRecordBatchBytes: Int = 64 << 20,
        maxBlobBytes: Int = 1 << 30,
        maxInMemoryBlobBytes: Int = 256 << 20,
        maxIndexBytes: Int = 64 << 20,
        maxLargeIndexBytes: Int = 1 << 30,
        maxUnknownFrameBytes: Int = 1 << 30,
        maxCompressionRatio: Int = 1100,
        ratioExemptBytes: Int = 64 << 10,
        maxDecodedStringBytes: Int = .max
    ) {
        self.maxRecordBatchBytes = maxRecordBatchBytes
        self.maxBlobBytes = maxBlobBytes
        self.maxInMemoryBlobBytes = maxInMemoryBlobBytes
        self.maxIndexBytes = maxIndexBytes
        self.maxLargeIndexBytes = maxLargeIndexBytes
        self.maxUnknownFrameBytes = maxUnknownFrameBytes
        self.maxCompressionRatio = maxCompressionRatio
        self.ratioExemptBytes = ratioExemptBytes
        self.maxDecodedStringBytes = maxDecodedStringBytes
    }

    /// The format's declared limits.
    public static let standard = BundleLimits()

    /// The format's limits, with strings cut at 1 MiB: for outputs that show a bundle (report, summary, JUnit).
    public static let display = BundleLimits(maxDecodedStringBytes: 1 << 20)
}
