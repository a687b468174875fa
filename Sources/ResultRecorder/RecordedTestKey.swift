import ResultModel

/// The key that matches a test's recorded data with the test as `record` parses it: the suites and the name,
/// without the module (XCTest's console does not print it).
public struct RecordedTestKey: Hashable, Sendable, CustomStringConvertible {
    /// `Suite/Nested/name`.
    public let description: String

    /// The key of an identity.
    public init(_ identity: TestIdentity) {
        description = identity.moduleLessKey
    }

    /// The identity of an XCTest test from `XCTestCase.name` (`Class.testMethod` on Linux,
    /// `-[Module.Class testMethod]` on Apple platforms), as the console importer parses it.
    public static func xctestIdentity(name: String) -> TestIdentity {
        XCTestTestName.identity(name)
    }

    /// The identity of a swift-testing test from its id (`Module.Suite/function()/File.swift:12:3`), as the event
    /// stream importer parses it.
    public static func swiftTestingIdentity(id: String) -> TestIdentity {
        SwiftTestingTestID.identity(id: id)
    }
}
