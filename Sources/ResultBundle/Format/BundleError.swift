import Foundation
import ResultSupport

/// The one error type of the bundle module: what went wrong, in which bundle, and at which byte.
///
/// `description` reads like `x.resultbundle: byte 1234: frame checksum mismatch (record batch of 812 bytes)`.
public struct BundleError: ModuleError, Equatable {
    /// A stable, machine-readable kind of error. New codes may be added; switch with a `default`.
    public struct Code: PlacedErrorCode {
        /// The code's name, for example `notABundle`.
        public var rawValue: String
        /// Creates a code from its name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The file does not start with the bundle magic.
        public static let notABundle = Code(rawValue: "notABundle")
        /// The bundle was written by a newer major format version.
        public static let newerMajorVersion = Code(rawValue: "newerMajorVersion")
        /// A frame or the header is damaged (bad magic, checksum, lengths).
        public static let damaged = Code(rawValue: "damaged")
        /// The file ends in the middle of a frame.
        public static let truncated = Code(rawValue: "truncated")
        /// A declared size is over the reader's limits (a hostile or corrupt file).
        public static let limitExceeded = Code(rawValue: "limitExceeded")
        /// Compressed data could not be inflated, or inflated to another size than declared.
        public static let corruptCompression = Code(rawValue: "corruptCompression")
        /// A record line is not valid JSON for its kind.
        public static let invalidRecord = Code(rawValue: "invalidRecord")
        /// A blob's content does not hash to its digest.
        public static let blobHashMismatch = Code(rawValue: "blobHashMismatch")
        /// A referenced blob is not in the bundle.
        public static let missingBlob = Code(rawValue: "missingBlob")
        /// A system call failed (open, read, write).
        public static let io = Code(rawValue: "io")
        /// The API was used out of order (a closed writer, an unknown run index).
        public static let misuse = Code(rawValue: "misuse")
        /// A file changed while it was being stored.
        public static let sourceChanged = Code(rawValue: "sourceChanged")
    }

    /// The code, message, place and cause.
    public var facts: ErrorFacts<Code>

    /// An error with these facts.
    public init(facts: ErrorFacts<Code>) { self.facts = facts }

    /// Creates an error in the bundle (or other file) at `path`, as the caller named it.
    public init(
        _ code: Code, _ message: String, path: String? = nil, byteOffset: Int64? = nil,
        underlying: (any Error & Sendable)? = nil
    ) {
        self.init(code, message, file: path, byteOffset: byteOffset, underlying: underlying)
    }

    /// The bundle (or other file) concerned, as given by the caller.
    public var path: String? {
        get { file }
        set { file = newValue }
    }

    /// A copy with the path and, when not already set, the byte offset filled in.
    func located(path: String?, byteOffset: Int64? = nil) -> BundleError {
        var copy = self
        if copy.path == nil { copy.path = path }
        if copy.byteOffset == nil { copy.byteOffset = byteOffset }
        return copy
    }
}
