import ResultModel
import Testing

@testable import RunComparison

/// A side of a comparison that holds one test says `1 test`, also when it was saved without its test count (a
/// comparison JSON of schema 1.1).
struct ComparisonCountTests {
    @Test func oneTestIsSingularWithoutATestCount() throws {
        var comparison = try RunComparerTests.compare(
            [RunComparerTests.test("a", .passed)],
            [RunComparerTests.test("a", .passed), RunComparerTests.test("b", .passed)])
        comparison.baseTests = nil
        comparison.headTests = nil
        #expect(ComparisonText.count(comparison, base: true) == "1 test")
        #expect(ComparisonText.count(comparison, base: false) == "2 tests")
    }
}
