import Testing

@testable import RunHistory

/// `report --run-url`: placeholders replaced and percent-encoded, runs lacking a value unlinked, unsafe schemes and
/// unknown placeholders refused with where they are.
struct RunURLTemplateTests {
    let facts = HistoryRun.Facts(name: "linux nightly", commit: "abc123", branch: "feature/x")

    @Test func placeholdersAreReplacedAndEncoded() throws {
        let template = try RunURLTemplate("https://ci.example/{branch}/{commit}/{number}/{name}/index.html")
        #expect(
            template.url(for: facts, number: 7)
                == "https://ci.example/feature%2Fx/abc123/7/linux%20nightly/index.html")
        #expect(try RunURLTemplate("../runs/{commit}/").url(for: facts, number: 1) == "../runs/abc123/")
        #expect(RunURLTemplate.encode("javascript:alert(1)") == "javascript%3Aalert%281%29")
    }

    @Test func aRunWithoutTheValueGetsNoLink() throws {
        let template = try RunURLTemplate("https://ci.example/{commit}/")
        #expect(template.url(for: HistoryRun.Facts(name: "x"), number: 1) == nil)
        #expect(template.url(for: HistoryRun.Facts(name: "x", commit: ""), number: 1) == nil)
    }

    @Test(arguments: ["javascript:alert(1)", "JavaScript:x", "data:text/html,x", " javascript:x", "java\tscript:x"])
    func unsafeSchemesAreRefused(_ text: String) {
        #expect(throws: HistoryError.self) { try RunURLTemplate(text) }
    }

    @Test func unknownPlaceholdersAndOpenBracesAreRefusedWithTheirPlace() {
        do {
            _ = try RunURLTemplate("https://x/{sha}/")
            Issue.record("accepted {sha}")
        } catch let error as HistoryError {
            #expect(error.code == .badTemplate && error.byteOffset == 10 && error.message.contains("{sha}"))
        } catch { Issue.record("\(error)") }
        #expect(throws: HistoryError.self) { try RunURLTemplate("https://x/{commit") }
    }
}
