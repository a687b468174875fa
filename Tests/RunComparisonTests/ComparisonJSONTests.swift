import Foundation
import ResultModel
import RunComparison
import Testing

/// `compare --format json` with numbers JSON has no spelling for.
struct ComparisonJSONTests {
    @Test func nonFiniteDurationsAreWrittenAsTheFormatsStrings() throws {
        let base = [
            RunComparerTests.test("endless", .passed, duration: 1),
            RunComparerTests.test("huge", .passed, duration: 1e308),
        ]
        let head = [
            RunComparerTests.test("endless", .passed, duration: .infinity),
            RunComparerTests.test("huge", .passed, duration: -1e308),
        ]
        let json = try ComparisonText.json(try RunComparerTests.compare(base, head))
        #expect(json.contains("\"inf\"") || json.contains("\"-inf\""))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(document["buckets"] != nil)
    }
}
