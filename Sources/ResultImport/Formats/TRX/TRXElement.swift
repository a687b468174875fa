/// The TRX elements the importer acts on (the same local names in mstest 2008's and Visual Studio 2010's
/// namespaces); every other element is `other`.
enum TRXElement: Int, XMLElementSet {
    case testRun, deployment, times
    case unitTestResult, testResult, webTestResult, manualTestResult, genericTestResult, testResultAggregation
    case innerResults, stdOut, stdErr, debugTrace, errorInfo, message, stackTrace, resultFile
    case testDefinitions, unitTest, webTest, orderedTest, genericTest, manualTest, testMethod, testCategoryItem
    case counters
    case other

    var name: StaticString {
        switch self {
        case .testRun: "TestRun"
        case .deployment: "Deployment"
        case .times: "Times"
        case .unitTestResult: "UnitTestResult"
        case .testResult: "TestResult"
        case .webTestResult: "WebTestResult"
        case .manualTestResult: "ManualTestResult"
        case .genericTestResult: "GenericTestResult"
        case .testResultAggregation: "TestResultAggregation"
        case .innerResults: "InnerResults"
        case .stdOut: "StdOut"
        case .stdErr: "StdErr"
        case .debugTrace: "DebugTrace"
        case .errorInfo: "ErrorInfo"
        case .message: "Message"
        case .stackTrace: "StackTrace"
        case .resultFile: "ResultFile"
        case .testDefinitions: "TestDefinitions"
        case .unitTest: "UnitTest"
        case .webTest: "WebTest"
        case .orderedTest: "OrderedTest"
        case .genericTest: "GenericTest"
        case .manualTest: "ManualTest"
        case .testMethod: "TestMethod"
        case .testCategoryItem: "TestCategoryItem"
        case .counters: "Counters"
        case .other: ""
        }
    }

    /// Whether the element is one test's result (a data-driven or ordered test's result holds its rows' results
    /// in `InnerResults`).
    var isResult: Bool {
        switch self {
        case .unitTestResult, .testResult, .webTestResult, .manualTestResult, .genericTestResult,
            .testResultAggregation:
            true
        default: false
        }
    }

    /// Whether the element defines a test in `TestDefinitions` (its `id` is the results' `testId`).
    var isDefinition: Bool {
        switch self {
        case .unitTest, .webTest, .orderedTest, .genericTest, .manualTest: true
        default: false
        }
    }
}
