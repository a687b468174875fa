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
        #expect(json.contains("\"schemaVersion\" : \"1.4\""))
        #expect(json.contains("\"newCauses\""))
    }

    @Test func theHTMLPageShowsHeadsCausesNewOrSeenWithTheirTests() throws {
        let comparison = try RunComparerTests.compare(
            [RunComparerTests.test("a", .failed, message: "timeout after 12 s")],
            [
                RunComparerTests.test("a", .failed, message: "timeout after 30 s"),
                RunComparerTests.test("b", .failed, message: "disk <full>"),
                RunComparerTests.test("c", .failed, message: "disk <full>"),
            ])
        let causes = try #require(comparison.causes)
        let html = ComparisonHTML.body(comparison, title: "Compared") { test, _ in test == "M/S/b" ? "b.html" : nil }
        #expect(html.contains("<h2 id=\"causes\">Failure causes in HEAD</h2>"))
        #expect(html.contains("<p>1 new, 1 seen in BASE.</p>"))
        let new = try #require(causes.newCauses.first)
        #expect(
            html.contains(
                "<li class=\"cause\" id=\"cause-\(new.id)\"><p><span class=\"cause-count\">2 failures</span> "
                    + "<span class=\"cause-age new\">new</span></p><pre class=\"message\">disk &lt;full&gt;</pre>"))
        #expect(
            html.contains(
                "<details><summary>Tests with this cause</summary><ul><li><a href=\"b.html\">M/S/b</a></li><li>M/S/c</li></ul>"
            ))
        #expect(
            html.contains(
                "<span class=\"cause-age seen\">seen in BASE</span> <span class=\"place\">1 failure there</span>"))
        // New causes come before those BASE had.
        let newAt = try #require(html.range(of: "cause-age new"))
        let seenAt = try #require(html.range(of: "cause-age seen"))
        #expect(newAt.lowerBound < seenAt.lowerBound)
    }

    @Test func statusesAreWordsInTheTextTheMarkdownAndTheHTML() throws {
        let comparison = try RunComparerTests.compare(
            [RunComparerTests.test("a", .passed), RunComparerTests.test("b", .expectedFailure)],
            [RunComparerTests.test("a", .timedOut, duration: 245), RunComparerTests.test("b", .expectedFailure)])
        let table = ComparisonText.table(comparison)
        #expect(table.contains("passed → timed out"))
        #expect(!table.contains("timedOut"))
        let markdown = ComparisonText.markdown(comparison, maxBytes: 10_000)
        #expect(markdown.contains("passed → timed out"))
        #expect(!markdown.contains("timedOut") && !markdown.contains("expectedFailure"))
        let html = ComparisonHTML.body(comparison, title: "Compared")
        #expect(html.contains("<td class=\"status s-timedOut\">timed out 4 min 5 s</td>"))
    }
}
