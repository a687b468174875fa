/// The xUnit.net v2 and v3 elements the importer acts on; every other element is `other`.
enum XunitNetElement: Int, XMLElementSet {
    case assemblies, assembly, test, trait, failure, message, stackTrace, reason, output, error
    case other

    var name: StaticString {
        switch self {
        case .assemblies: "assemblies"
        case .assembly: "assembly"
        case .test: "test"
        case .trait: "trait"
        case .failure: "failure"
        case .message: "message"
        case .stackTrace: "stack-trace"
        case .reason: "reason"
        case .output: "output"
        case .error: "error"
        case .other: ""
        }
    }
}
