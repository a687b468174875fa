import ResultModel
import RunComparison
import Testing

/// `compare` groups HEAD's failures by cause and tells new causes from those BASE had.
struct CauseComparisonTests {
    @Test func headsCausesAreNewOrSeenInBaseLargestFirst() throws {
        let base = [
            RunComparerTests.test("a", .failed, message: "Connection refused on port 8080"),
            RunComparerTests.test("b", .failed, message: "only in base"),
            RunComparerTests.test("c", .passed),
        ]
        let head = [
            RunComparerTests.test("a", .failed, message: "Connection refused on port 9090"),
            RunComparerTests.test("c", .failed, message: "XCTAssertEqual failed: (\"1\") is not equal to (\"2\")"),
            RunComparerTests.test("d", .failed, message: "XCTAssertEqual failed: (\"3\") is not equal to (\"4\")"),
        ]
        let comparison = try RunComparerTests.compare(base, head)
        let causes = try #require(comparison.causes)
        #expect(causes.newCauses.map(\.count) == [2])
        #expect(causes.newCauses.first?.signature == "XCTAssertEqual failed: (\"…\") is not equal to (\"…\")")
        #expect(causes.newCauses.first?.message == "XCTAssertEqual failed: (\"1\") is not equal to (\"2\")")
        #expect(causes.newCauses.first?.tests == ["M/S/c", "M/S/d"])
        #expect(causes.seenInBase.map(\.count) == [1])
        #expect(causes.seenInBase.first?.baseCount == 1)
        #expect(causes.goneCount == 1)
        #expect(
            causes.newCauses.first?.id == FailureSignature(kind: "assertion", text: causes.newCauses[0].signature).id)
    }

    @Test func textAndJSONListTheCauses() throws {
        let comparison = try RunComparerTests.compare(
            [RunComparerTests.test("a", .failed, message: "timeout after 12 s")],
            [
                RunComparerTests.test("a", .failed, message: "timeout after 30 s"),
                RunComparerTests.test("b", .failed, message: "disk full"),
            ])
        let table = ComparisonText.table(comparison)
        #expect(table.contains("Failure causes in HEAD: 1 new, 1 seen in BASE"))
        #expect(table.contains("  new: 1 failure: disk full"))
        #expect(table.contains("  seen in BASE: 1 failure (BASE: 1): timeout after 30 s"))
        let markdown = ComparisonText.markdown(comparison, maxBytes: 10_000)
        #expect(markdown.contains("### Failure causes in HEAD: 1 new, 1 seen in BASE"))
        let json = try ComparisonText.json(comparison)
        #expect(json.contains("\"schemaVersion\" : \"1.3\""))
        #expect(json.contains("\"newCauses\""))
    }
}
