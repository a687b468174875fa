import Foundation

/// What `swift test list` says about a package's tests, for `record` and `import --test-list`: how many tests
/// each framework has, the module of each XCTest method, which XCTest's console output on Linux leaves out when
/// tests run one after another (`Class.testMethod`) and names under `--parallel` (`Module.Class/testMethod`), and
/// the module and suites of each swift-testing function, which swift-testing's console output leaves out.
public struct ListedTests: Sendable {
    /// Where a swift-testing function is listed: its module and suites, outermost first.
    public struct Place: Sendable, Hashable {
        public var module: String
        public var suites: [String]
    }

    /// The modules that list each XCTest method, by its id without the module (`Class/testMethod`), in list order.
    public private(set) var modulesOfXCTest: [String: [String]] = [:]
    /// The modules that list each XCTest class or outermost swift-testing suite, by its name.
    public private(set) var modulesOfSuite: [String: [String]] = [:]
    /// The places that list each swift-testing function, by its name (`parse(_:)`), in list order.
    public private(set) var placesOfFunction: [String: [Place]] = [:]
    /// XCTest methods listed (`Module.Class/testMethod`).
    public private(set) var xctestCount = 0
    /// swift-testing tests listed (`Module.Suite/function()`, `Module.function()`).
    public private(set) var swiftTestingCount = 0

    /// The tests of `specifiers`, one per line of the list (overloads listed twice count twice).
    public init(_ specifiers: [TestSpecifier]) {
        for specifier in specifiers {
            guard !Self.isSwiftTesting(specifier) else {
                swiftTestingCount += 1
                addSwiftTesting(specifier)
                continue
            }
            xctestCount += 1
            let ids = specifier.bundleIDs
            guard ids.count == 2, let dot = specifier.text.firstIndex(of: ".") else { continue }
            let module = String(specifier.text[..<dot])
            let id = ids[1]
            if !(modulesOfXCTest[id]?.contains(module) ?? false) { modulesOfXCTest[id, default: []].append(module) }
            if let slash = id.firstIndex(of: "/") { add(module, toSuite: String(id[..<slash])) }
        }
    }

    /// Adds `Module.Suite/Nested/function()` or `Module.function()`.
    private mutating func addSwiftTesting(_ specifier: TestSpecifier) {
        var components = specifier.text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // An overload's source location (`/Parse.swift:12:3`) after a function outside any suite.
        if components.count > 1, !components[components.count - 1].contains("(") { components.removeLast() }
        guard let dot = components[0].firstIndex(of: ".") else { return }
        let module = String(components[0][..<dot])
        components[0] = String(components[0][components[0].index(after: dot)...])
        let name = components.removeLast()
        let place = Place(module: module, suites: components)
        if !(placesOfFunction[name]?.contains(place) ?? false) { placesOfFunction[name, default: []].append(place) }
        if let suite = place.suites.first { add(module, toSuite: suite) }
    }

    private mutating func add(_ module: String, toSuite suite: String) {
        if !(modulesOfSuite[suite]?.contains(module) ?? false) { modulesOfSuite[suite, default: []].append(module) }
    }

    /// The tests among the lines of `swift test list`'s output.
    public init(listOutput: String) {
        self.init(TestSpecifier.listed(in: listOutput))
    }

    /// Whether a specifier names a swift-testing test: it names a function (`name(label:)`, maybe followed by the
    /// source location of an overload), which an XCTest method's specifier never has.
    static func isSwiftTesting(_ specifier: TestSpecifier) -> Bool { specifier.text.contains("(") }

    /// Whether the list names any test.
    public var isEmpty: Bool { xctestCount == 0 && swiftTestingCount == 0 }

    /// The counts a run keeps among its reported counts: `xctest.listed` and `swiftTesting.listed` (docs/FORMAT.md).
    public var reportedCounts: [String: Int] {
        ["xctest.listed": xctestCount, "swiftTesting.listed": swiftTestingCount]
    }

    /// The one module that lists the XCTest method `id` (`Class/testMethod`); nil when none or several do.
    public func module(ofXCTest id: String) -> String? {
        guard let modules = modulesOfXCTest[id], modules.count == 1 else { return nil }
        return modules[0]
    }

    /// The one module that lists the XCTest class or outermost swift-testing suite `name`; nil when none or
    /// several do.
    public func module(ofSuite name: String) -> String? {
        guard let modules = modulesOfSuite[name], modules.count == 1 else { return nil }
        return modules[0]
    }

    /// The one place that lists the swift-testing function `name` (`parse(_:)`); nil when none or several do.
    public func place(ofFunction name: String) -> Place? {
        guard let places = placesOfFunction[name], places.count == 1 else { return nil }
        return places[0]
    }

    /// The tests a `swift test` command runs: those that match one of `filters` (all when there is none) and none
    /// of `skips`, regular expressions matched anywhere in the specifier, as `swift test --filter` and `--skip`
    /// match them. Throws when an expression does not compile.
    public static func selected(_ specifiers: [TestSpecifier], filters: [String], skips: [String]) throws
        -> [TestSpecifier]
    {
        guard !filters.isEmpty || !skips.isEmpty else { return specifiers }
        let including = try filters.map { try NSRegularExpression(pattern: $0) }
        let excluding = try skips.map { try NSRegularExpression(pattern: $0) }
        func matches(_ expression: NSRegularExpression, _ text: String) -> Bool {
            expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        return specifiers.filter { specifier in
            (including.isEmpty || including.contains { matches($0, specifier.text) })
                && !excluding.contains { matches($0, specifier.text) }
        }
    }
}
