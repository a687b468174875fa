import ResultModel

/// Reads the tree of `xcresulttool get test-results tests` JSON in two walks over its bytes, so that only one test
/// case at a time is a ``JSONValue``: the first notes the type and name of every container node (test plan, test
/// bundle, suite) by its position in the tree, because a node's `name` and `nodeType` come after its `children`
/// (xcresulttool sorts the keys); the second walks the tree again and writes each `Test Case` as soon as it is read,
/// knowing its bundle and suites.
final class XCResultToolTestsReader {
    private let context: ImportContext
    /// Container nodes by their position in a pre-order walk of every node.
    private var containers: [Int: (type: String, name: String)] = [:]
    private var position = 0
    private var written = 0
    private var configurationCount = 0

    static let containerTypes: Set<String> = ["Test Plan", "Unit test bundle", "UI test bundle", "Test Suite"]

    init(context: ImportContext) { self.context = context }

    func read(_ buffer: UnsafeBufferPointer<UInt8>) throws -> ImportOutcome {
        var damage: JSONReadError?
        var devices = 0
        var configurations = 0
        do {
            var reader = JSONPullReader(buffer)
            try reader.readObject { reader, key in
                switch key {
                case "testNodes": try reader.readArray { reader, _ in try self.note(&reader) }
                case "devices": devices = try reader.readValue().array?.count ?? 0
                case "testPlanConfigurations": configurations = try reader.readValue().array?.count ?? 0
                default: try reader.skipValue()
                }
            }
        } catch let error as JSONReadError {
            damage = error
        }
        // Several devices or configurations: each gets its own run.
        configurationCount = max(devices, 1) * max(configurations, 1)
        position = 0
        do {
            var reader = JSONPullReader(buffer)
            var sawNodes = false
            try reader.readObject { reader, key in
                guard key == "testNodes" else { return try reader.skipValue() }
                sawNodes = true
                try reader.readArray { reader, _ in try self.walk(&reader, scope: []) }
            }
            if !sawNodes {
                throw ImportError(
                    .notTestOutput, "the JSON object has no testNodes: this is not xcresulttool test results",
                    file: context.fileName)
            }
            if !reader.isAtEnd() { throw reader.failure("more text follows the JSON document") }
        } catch let error as JSONReadError {
            damage = damage ?? error
        }
        var diagnostics: [Diagnostic] = []
        if let damage {
            let error = damage.importError(file: context.fileName)
            if written == 0 { throw error }
            diagnostics.append(
                Diagnostic(
                    severity: .error,
                    message: "\(error.message) (column \(error.column ?? 0)); the tests before it were imported",
                    file: context.fileName, line: error.line, byteOffset: error.byteOffset))
        }
        return ImportOutcome(format: .xcresulttoolJSON, testCount: written, diagnostics: diagnostics)
    }

    /// First walk: notes the node at the reader and its descendants.
    private func note(_ reader: inout JSONPullReader) throws {
        let index = position
        position += 1
        var type: String?
        var name: String?
        try reader.readObject { reader, key in
            switch key {
            case "children": try reader.readArray { reader, _ in try self.note(&reader) }
            case "nodeType": type = try reader.readValue().string
            case "name": name = try reader.readValue().string
            default: try reader.skipValue()
            }
        }
        if let type, Self.containerTypes.contains(type) { containers[index] = (type, name ?? type) }
    }

    /// Second walk: descends into containers and writes each test case with the containers above it.
    private func walk(_ reader: inout JSONPullReader, scope: [(type: String, name: String)]) throws {
        let index = position
        position += 1
        if let container = containers[index] {
            try reader.readObject { reader, key in
                guard key == "children" else { return try reader.skipValue() }
                try reader.readArray { reader, _ in try self.walk(&reader, scope: scope + [container]) }
            }
            return
        }
        let node = try reader.readValue()
        position += Self.descendants(of: node)
        guard node["nodeType"]?.string == "Test Case" else { return }
        let module = scope.last { $0.type.hasSuffix("test bundle") }?.name
        let suites = scope.filter { $0.type == "Test Suite" }.map(\.name)
        let builder = XCResultToolTestCase(node: node, module: module, suites: suites)
        for (configuration, test) in builder.tests() {
            var test = test
            test.runIndex = try context.runIndex(forConfiguration: configurationCount > 1 ? configuration : nil)
            try context.sink.addTest(test)
            written += 1
        }
    }

    /// How many nodes lie below `node` (its children, theirs, and so on).
    private static func descendants(of node: JSONValue) -> Int {
        (node["children"]?.array ?? []).reduce(0) { $0 + 1 + descendants(of: $1) }
    }
}
