/// The NUnit 2 and 3 elements the importer acts on; every other element is `other`.
enum NUnitElement: Int, XMLElementSet {
    case testRun, testResults, testSuite, testCase
    case property, category, failure, reason, message, stackTrace, output, assertions, attachment, filePath
    case other

    var name: StaticString {
        switch self {
        case .testRun: "test-run"
        case .testResults: "test-results"
        case .testSuite: "test-suite"
        case .testCase: "test-case"
        case .property: "property"
        case .category: "category"
        case .failure: "failure"
        case .reason: "reason"
        case .message: "message"
        case .stackTrace: "stack-trace"
        case .output: "output"
        case .assertions: "assertions"
        case .attachment: "attachment"
        case .filePath: "filePath"
        case .other: ""
        }
    }
}
