import ResultModel

/// What a source's suite records add to the JUnit `<testsuite>` of the same name: the producer's properties (Go
/// versions, Surefire's JVM properties, Xcode configurations) and the suite's own output, `[[ATTACHMENT|…]]` lines
/// included. A suite record whose name no exported `<testsuite>` has (pytest's suite is named `pytest`, its test
/// cases' classnames are modules) gets a `<testsuite>` of its own with no test cases.
struct SuiteExtras {
    var runIndex: Int
    /// The `<testsuite>` name it belongs to: module and path joined by dots, as ``JUnitNames`` joins classnames.
    var name: String
    var properties: [NameValue]
    /// The suite's own output (its `system-out`), at most ``SystemOutText/outputLimit`` bytes of it.
    var output: String?
    /// How long the suite took by the clock, as its runner said (swift-testing's `Suite X passed after 0.229
    /// seconds`): its `<testsuite time>`, where its tests' own intervals may only add up their durations.
    var duration: Double? = nil

    /// Whether it adds anything but a duration (only such extras get a `<testsuite>` of their own).
    var hasContent: Bool { !properties.isEmpty || output?.isEmpty == false }

    /// The suite records of `source` that carry properties, output or a duration, in the source's order.
    static func collect(from source: any ResultSource) throws -> [SuiteExtras] {
        let text = SystemOutText(source: source, attachments: nil)
        var extras: [SuiteExtras] = []
        try source.forEachSuite { suite in
            let output = try text.text(of: suite.output)
            let duration = suite.duration.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
            guard !suite.properties.isEmpty || output?.isEmpty == false || duration != nil else { return }
            extras.append(
                SuiteExtras(
                    runIndex: suite.runIndex, name: JUnitNames.className(module: suite.module, suites: suite.path),
                    properties: suite.properties, output: output, duration: duration))
        }
        return extras
    }
}

/// The extras of one source, found by run and suite name; each is used once.
struct SuiteExtrasTable {
    private var byKey: [String: [SuiteExtras]] = [:]
    private var order: [String] = []

    init(_ extras: [SuiteExtras]) {
        for item in extras {
            let key = Self.key(item.runIndex, item.name)
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append(item)
        }
    }

    /// Takes the extras of the `<testsuite>` named `name` in run `runIndex`: every record of that name, merged.
    mutating func take(runIndex: Int, name: String) -> SuiteExtras? {
        guard let found = byKey.removeValue(forKey: Self.key(runIndex, name)) else { return nil }
        return Self.merged(found)
    }

    /// The extras no `<testsuite>` took, merged by name, in the order they came.
    mutating func takeRest() -> [SuiteExtras] {
        let rest = order.compactMap { byKey.removeValue(forKey: $0) }.map(Self.merged).filter(\.hasContent)
        order.removeAll()
        return rest
    }

    private static func merged(_ items: [SuiteExtras]) -> SuiteExtras {
        var first = items[0]
        for item in items.dropFirst() {
            first.properties += item.properties
            if let output = item.output { first.output = (first.output.map { $0 + "\n" } ?? "") + output }
            if let duration = item.duration { first.duration = max(first.duration ?? 0, duration) }
        }
        return first
    }

    private static func key(_ runIndex: Int, _ name: String) -> String { "\(runIndex)\u{1F}\(name)" }
}
