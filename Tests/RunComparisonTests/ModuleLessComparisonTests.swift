import ResultBundle
import ResultModel
import RunComparison
import Testing

/// `compare` of a run recorded without modules (XCTest on Linux, one test after another) with one recorded with
/// them (`swift test --parallel`), both ways; and its count, which is every command's.
struct ModuleLessComparisonTests {
    static func run(module: (String) -> String?, _ names: [(suite: String, name: String)]) throws -> RunDigest {
        let tests = names.map { suite, name in
            TestRecord(
                identity: TestIdentity(module: module(suite), suites: [suite], name: name),
                attempts: [TestAttempt(status: .passed, duration: 0.01)])
        }
        return try RunDigest(try RunComparerTests.results("ci", tests))
    }

    static let names = [("ExitCodeTests", "testExitCodes"), ("MathExampleTests", "testMath"), ("Other", "testA")]
    static func module(_ suite: String) -> String? { suite == "ExitCodeTests" ? "UnitTests" : "ExampleTests" }

    @Test(arguments: [false, true])
    func moduleLessAndQualifiedIdsOfTheSameTestsMatch(qualifiedFirst: Bool) throws {
        let moduleLess = try Self.run(module: { _ in nil }, Self.names)
        let qualified = try Self.run(module: Self.module, Self.names)
        let (base, head) = qualifiedFirst ? (qualified, moduleLess) : (moduleLess, qualified)
        let comparison = RunComparer().compare(base: base, head: head)
        #expect(comparison.buckets.newTests.isEmpty)
        #expect(comparison.buckets.removedTests.isEmpty)
    }

    @Test func aModuleLessIdTwoModulesHaveStaysNewAndRemoved() throws {
        let base = try Self.run(module: { _ in nil }, [("Shared", "testA")])
        let head = try RunDigest(
            try RunComparerTests.results(
                "ci",
                ["One", "Two"].map {
                    TestRecord(
                        identity: TestIdentity(module: $0, suites: ["Shared"], name: "testA"),
                        attempts: [TestAttempt(status: .passed)])
                }))
        let comparison = RunComparer().compare(base: base, head: head)
        #expect(comparison.buckets.newTests.map(\.key) == ["One/Shared/testA", "Two/Shared/testA"])
        #expect(comparison.buckets.removedTests.map(\.key) == ["Shared/testA"])
    }

    @Test func countsTestsAsTheTotalsDo() throws {
        let tests = [
            RunComparerTests.test("plain", .passed),
            RunComparerTests.test("cases", .passed, cases: [("1", .passed), ("2", .failed), ("3", .passed)]),
        ]
        let results = try RunComparerTests.results("ci", tests)
        let comparison = RunComparer().compare(base: try RunDigest(results), head: try RunDigest(results))
        let totals = try results.totals()
        #expect(comparison.baseCount == totals.tests)
        #expect(comparison.headTests == totals.count)
        #expect(comparison.headTests?.description == "2 tests (1 parameterized with 3 cases)")
    }
}
