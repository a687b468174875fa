import Foundation

/// The JUnit elements the importer acts on; every other element is `other`.
enum JUnitElement: Sendable {
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

    static let named: [JUnitElement] = [
        .testsuites, .testsuite, .testcase, .property, .failure, .error, .skipped, .flakyFailure, .rerunFailure,
        .flakyError, .rerunError, .stackTrace, .systemOut, .systemErr,
    ]

    /// The element a local name (NUL-terminated UTF-8) names.
    init(localName: UnsafePointer<UInt8>) {
        let text = UnsafeRawPointer(localName).assumingMemoryBound(to: CChar.self)
        for element in Self.named {
            let literal = UnsafeRawPointer(element.name.utf8Start).assumingMemoryBound(to: CChar.self)
            if strcmp(text, literal) == 0 {
                self = element
                return
            }
        }
        self = .other
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
