/// A `major.minor` version of the bundle format.
///
/// A reader reads every bundle of its own major version, whatever the minor; it refuses a newer major.
/// See `docs/FORMAT.md` for when each number is bumped.
public struct FormatVersion: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// Bumped for changes an older reader cannot read correctly.
    public var major: UInt16
    /// Bumped for additions an older reader may skip (new record kinds, fields, frame types).
    public var minor: UInt16

    /// Creates a version.
    public init(major: UInt16, minor: UInt16) {
        self.major = major
        self.minor = minor
    }

    /// The version this library writes, and the newest it reads fully.
    public static let current = FormatVersion(major: 1, minor: 9)

    /// `1.0`.
    public var description: String { "\(major).\(minor)" }

    /// Orders by major, then minor.
    public static func < (lhs: FormatVersion, rhs: FormatVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    /// Encodes as the string `"1.0"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Decodes the string `"1.0"`.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        let parts = text.split(separator: ".")
        guard parts.count == 2, let major = UInt16(parts[0]), let minor = UInt16(parts[1]) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "bad version \(text)"))
        }
        self.init(major: major, minor: minor)
    }
}
