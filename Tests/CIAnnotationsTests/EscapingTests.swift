import CIAnnotations
import ResultSupport
import Testing

/// The escaping of each format against the rules its CI documents (sources in docs/ANNOTATE.md).
@Suite struct EscapingTests {
    @Test func githubEscapesDataAndProperties() {
        #expect(GitHubAnnotations.escapeData("50% a\r\nb:c,d") == "50%25 a%0D%0Ab:c,d")
        #expect(GitHubAnnotations.escapeProperty("50% a\r\nb:c,d") == "50%25 a%0D%0Ab%3Ac%2Cd")
    }

    @Test func azureEscapesDataAndProperties() {
        #expect(AzureAnnotations.escapeData("50% a\r\nb;c]d") == "50%AZP25 a%0D%0Ab;c]d")
        #expect(AzureAnnotations.escapeProperty("50% a\r\nb;c]d") == "50%AZP25 a%0D%0Ab%3Bc%5Dd")
    }

    @Test func teamcityEscapesEveryDocumentedCharacter() {
        #expect(TeamCityMessages.escape("a|b'c\nd\re[f]g") == "a||b|'c|nd|re|[f|]g")
        #expect(TeamCityMessages.escape("\u{85}\u{2028}\u{2029}") == "|x|l|p")
        #expect(TeamCityMessages.escape("\u{1}\t\u{7F}\u{9B}é😀") == "|0x0001|0x0009|0x007F|0x009Bé😀")
    }

    @Test func pathsAreMadeRelativeToTheRoot() {
        let paths = SourcePaths(root: "/work/repo/")
        #expect(paths.resolve("/work/repo/Sources/A.swift").path == "Sources/A.swift")
        #expect(paths.resolve("/work/repo/./x/../Sources/A.swift").path == "Sources/A.swift")
        #expect(paths.resolve("Sources/A.swift", workingDirectory: "/work/repo/Sub").path == "Sub/Sources/A.swift")
        #expect(paths.resolve("./Sources/A.swift").path == "Sources/A.swift")
        let outside = paths.resolve("/work/other/B.swift")
        #expect(
            outside.path == "/work/other/B.swift" && outside.relativePath == "../other/B.swift" && outside.isOutsideRoot
        )
        #expect(paths.resolve("/work/repository/C.swift").relativePath == "../repository/C.swift")
        #expect(SourcePaths(root: nil).resolve("./as/recorded.swift").path == "./as/recorded.swift")
    }
}
