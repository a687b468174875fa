/// What ``BundleReader/verify()`` found: counts of everything that reads, and every damaged or missing object
/// with its byte offset.
public struct VerificationReport: Sendable, Hashable, Codable {
    /// The bundle's format version (`1.0`).
    public var formatVersion: String
    /// The file's size in bytes.
    public var fileSize: Int64
    /// Frames with a valid checksum.
    public var frameCount = 0
    /// Record batches that read.
    public var recordBatchCount = 0
    /// Runs, suites and tests that read.
    public var runCount = 0
    /// Suites that read.
    public var suiteCount = 0
    /// Tests that read.
    public var testCount = 0
    /// Blobs whose content matches their SHA-256.
    public var blobCount = 0
    /// Records of kinds this reader does not know (from a newer minor version), skipped.
    public var unknownRecordCount = 0
    /// Frames of types this reader does not know (from a newer minor version), skipped.
    public var unknownFrameCount = 0
    /// Whether the index written at close was found and agrees with the frames.
    public var hasValidIndex = false
    /// Every problem, in file order.
    public var problems: [BundleDamage] = []

    /// Whether nothing is damaged or missing.
    public var isIntact: Bool { problems.isEmpty }

    /// Creates an empty report.
    public init(formatVersion: String, fileSize: Int64) {
        self.formatVersion = formatVersion
        self.fileSize = fileSize
    }
}
