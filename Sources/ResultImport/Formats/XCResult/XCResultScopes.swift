import ResultModel

/// Where the test cases of an `.xcresult` database sit: `TestSuites` (nested through `parentSuite_fk`) under
/// `Testables` (the test bundle: the module), read once, and the names of destinations (`RunDestinations`) and
/// test plan configurations (`TestPlanConfigurations`).
final class XCResultScopes {
    private let database: SQLiteDatabase
    private var suites: [Int64: (name: String, parent: Int64?, testable: Int64?)] = [:]
    private var testables: [Int64: String] = [:]
    /// Configuration names already made, by destination and configuration.
    private var configurationNames: [[Int64?]: String] = [:]

    /// One test case's identity, display name and tags.
    struct TestCase {
        var identity: TestIdentity
        var displayName: String?
        var tags: [String]
    }

    init(_ database: SQLiteDatabase) throws {
        self.database = database
        try database.forEachRow("SELECT rowid, name FROM Testables") { row in
            if let id = row.int(0) { testables[id] = row.text(1) }
        }
        try database.forEachRow("SELECT rowid, name, parentSuite_fk, testable_fk FROM TestSuites") { row in
            if let id = row.int(0) { suites[id] = (row.text(1) ?? "(unnamed suite)", row.int(2), row.int(3)) }
        }
    }

    /// The module and suite path of suite `id`, outermost first.
    func suite(_ id: Int64) throws -> (module: String?, path: [String]) {
        var path: [String] = []
        var current: Int64? = id
        var module: String?
        var seen: Set<Int64> = []
        while let suiteID = current, let suite = suites[suiteID], seen.insert(suiteID).inserted {
            path.insert(suite.name, at: 0)
            if let testable = suite.testable { module = module ?? testables[testable] }
            current = suite.parent
        }
        return (module, path)
    }

    /// The test case `id`: its name from its `identifier` (`Suite/test()`, so a swift-testing test with a display
    /// name keeps its function name) when it has one, its suites from the tree, its tags from `TestTags`.
    func testCase(_ id: Int64) throws -> TestCase {
        var name = "(unnamed test)"
        var identifier: String?
        var suiteID: Int64?
        try database.forEachRow("SELECT name, identifier, testSuite_fk FROM TestCases WHERE rowid = ?", [id]) { row in
            name = row.text(0) ?? name
            identifier = row.text(1)
            suiteID = row.int(2)
        }
        let scope: (module: String?, path: [String]) = try suiteID.map(suite) ?? (nil, [])
        var testName = name
        if let identifier, !identifier.isEmpty, let last = identifier.split(separator: "/").last {
            testName = String(last)
        }
        var tags: [String] = []
        if database.hasTables("TestTags") {
            try database.forEachRow("SELECT name FROM TestTags WHERE testCase_fk = ?", [id]) { row in
                if let tag = row.text(0), !tags.contains(tag) { tags.append(tag) }
            }
        }
        return TestCase(
            identity: TestIdentity(module: scope.module, suites: scope.path, name: testName),
            displayName: testName == name ? nil : name, tags: tags)
    }

    /// `destination · configuration`: the run destination's name and OS version and the test plan configuration's
    /// name, made once per pair.
    func configurationName(destination: Int64?, configuration: Int64?) throws -> String {
        if let known = configurationNames[[destination, configuration]] { return known }
        var parts: [String] = []
        if let destination, database.hasTables("RunDestinations", "Devices") {
            try database.forEachRow(
                "SELECT d.name, dev.operatingSystemVersion FROM RunDestinations AS d "
                    + "LEFT JOIN Devices AS dev ON dev.rowid = d.device_fk WHERE d.rowid = ?", [destination]
            ) { row in
                parts.append([row.text(0), row.text(1)].compactMap { $0 }.joined(separator: " "))
            }
        }
        if let configuration, database.hasTables("TestPlanConfigurations") {
            try database.forEachRow("SELECT name FROM TestPlanConfigurations WHERE rowid = ?", [configuration]) { row in
                if let name = row.text(0) { parts.append(name) }
            }
        }
        let name = parts.isEmpty ? "configuration" : parts.joined(separator: " · ")
        configurationNames[[destination, configuration]] = name
        return name
    }
}
