/// A module's error code: a struct wrapping its name, so a module can add codes without breaking callers that
/// switch over them (swift-nio's `FileSystemError.Code` is the model). A conforming type declares only its
/// `rawValue`, its initializer and its codes; the name is also its description.
public protocol PlacedErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible
where RawValue == String {}

extension PlacedErrorCode {
    /// The code's name, for example `io`.
    public var description: String { rawValue }
}
