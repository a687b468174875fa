/// The tests a run did not get to: those its test list named beyond the tests it ran, and, when a test process
/// crashed, the ones after the crash.
///
/// Computed from a run's reported counts (``RunEnd/reportedCounts``), the one place every command reads it from:
/// for each framework, `FRAMEWORK.listed` (the tests `swift test list` or `import --test-list` named) minus
/// `FRAMEWORK.parsed` (the tests of that framework the run's output held), for `xctest` and `swiftTesting`; and
/// `crashes` (tests or test processes that crashed). A run without a list says only that tests after a crash did
/// not run, without a number.
public struct TestsNotRun: Sendable, Hashable, Codable {
    /// The frameworks whose counts are compared, as the key prefixes of ``RunEnd/reportedCounts``.
    public static let frameworks = ["xctest", "swiftTesting"]

    /// How many listed tests did not run, when the run listed its tests.
    public var count: Int?
    /// Whether a test process crashed in a run that listed no tests: later tests did not run, how many is unknown.
    public var afterCrash: Bool

    /// Creates the value.
    public init(count: Int? = nil, afterCrash: Bool = false) {
        self.count = count
        self.afterCrash = afterCrash
    }

    /// What a run's end says; nothing for a run without an end.
    public init(_ end: RunEnd?) {
        self.init()
        guard let counts = end?.reportedCounts else { return }
        for framework in Self.frameworks {
            guard let listed = counts[framework + ".listed"] else { continue }
            count = (count ?? 0) + max(0, listed - (counts[framework + ".parsed"] ?? 0))
        }
        afterCrash = count == nil && (counts["crashes"] ?? 0) > 0
    }

    /// What several runs say together: the counts added up, and whether any run crashed without a list.
    public init(runs: some Sequence<RunResult>) {
        self.init()
        for run in runs {
            let one = TestsNotRun(run.end)
            if let number = one.count { count = (count ?? 0) + number }
            afterCrash = afterCrash || one.afterCrash
        }
    }

    /// Whether there is anything to say.
    public var isEmpty: Bool { (count ?? 0) == 0 && !afterCrash }

    /// `177 tests did not run`, `tests after the crash did not run`, or `nil` when every test ran.
    public var sentence: String? {
        var parts: [String] = []
        if let count, count > 0 { parts.append(count == 1 ? "1 test did not run" : "\(count) tests did not run") }
        if afterCrash {
            parts.append(parts.isEmpty ? "tests after the crash did not run" : "nor did the tests after a crash")
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
