import Foundation

/// The JUnit elements the importer acts on; every other element is `other`.
enum JUnitElement: Int, XMLElementSet {
    case testsuites, testsuite, testcase, property
    case failure, error, skipped
    case flakyFailure, rerunFailure, flakyError, rerunError, stackTrace
    case systemOut, systemErr
    case other

    /// The element's name in a document (`other`: empty).
    var name: StaticString {
        switch self {
        case .testsuites: "testsuites"
        case .testsuite: "testsuite"
        case .testcase: "testcase"
        case .property: "property"
        case .failure: "failure"
        case .error: "error"
        case .skipped: "skipped"
        case .flakyFailure: "flakyFailure"
        case .rerunFailure: "rerunFailure"
        case .flakyError: "flakyError"
        case .rerunError: "rerunError"
        case .stackTrace: "stackTrace"
        case .systemOut: "system-out"
        case .systemErr: "system-err"
        case .other: ""
        }
    }

    /// Whether the importer reads this element's attributes.
    var hasAttributesRead: Bool {
        switch self {
        case .testsuites, .testsuite, .property, .testcase, .failure, .error, .skipped, .flakyFailure, .rerunFailure,
            .flakyError, .rerunError:
            true
        case .stackTrace, .systemOut, .systemErr, .other:
            false
        }
    }

    /// The element's name as a `String` (for messages).
    var text: String { name.description }
}
