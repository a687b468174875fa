import Testing

@testable import HTMLReport

@Suite struct SearchTermsTests {
    @Test func splitsWordsAtSeparatorsAndPartsAtCamelCaseDigitsAndAcronyms() {
        let terms = SearchTerms.terms(of: "testCase12_parsesHTTPHeaders")
        #expect(terms.filter { $0.kind == .word }.map(\.term) == ["testcase12", "parseshttpheaders"])
        #expect(terms.filter { $0.kind == .part }.map(\.term) == ["test", "case", "12", "parses", "http", "headers"])
    }

    @Test func aWordOfOnePartIsOnlyAWord() {
        #expect(SearchTerms.terms(of: "parse_merge").map(\.kind) == [.word, .word])
        #expect(SearchTerms.terms(of: "URL").map(\.term) == ["url"])
    }

    @Test func splitsPathsAndDottedNames() {
        let words = SearchTerms.terms(of: "Tests/Parser.Tests/Suite1Tests.swift").filter { $0.kind == .word }
        #expect(words.map(\.term) == ["tests", "parser", "suite1tests", "swift"])
        #expect(SearchTerms.queryWords("  Suite12 / testParse ") == ["suite12", "testparse"])
    }

    @Test func keepsLettersOfOtherScriptsAndLowerCasesThem() {
        let terms = SearchTerms.terms(of: "testÜberGröße_日本語2")
        #expect(terms.map(\.term).contains("testübergröße"))
        #expect(terms.map(\.term).contains("größe"))
        #expect(terms.map(\.term).contains("日本語2"))
        #expect(terms.map(\.term).contains("2"))
    }

    @Test func shardKeysAreTheFirstTwoCharactersSafeInAPath() {
        #expect(SearchTerms.shardKey("testcase") == "te")
        #expect(SearchTerms.shardKey("x") == "x")
        #expect(SearchTerms.shardKey("über") == "_fc_b")
        #expect(SearchTerms.shardKey("日本") == "_65e5__672c_")
    }
}

@Suite struct SearchPostingsTests {
    @Test(arguments: [
        [0], [5], [0, 1, 2, 3, 4, 5, 6], [3, 103, 203, 303, 403], [1, 2, 40, 41, 42, 1000, 1_000_000, 1_000_001],
        Array(stride(from: 7, to: 100_000, by: 100)),
    ])
    func decodesToTheIdsAdded(ids: [Int]) throws {
        var postings = SearchPostings()
        for id in ids { postings.add(id) }
        let text = String(decoding: postings.finish(), as: UTF8.self)
        #expect(try #require(SearchPostings.decode(text)) == ids)
    }

    @Test func consecutiveAndEvenlySpacedIdsCostAFewCharacters() {
        var everyTest = SearchPostings()
        for id in 1000..<101_000 { everyTest.add(id) }
        #expect(everyTest.finish().count <= 8)
        var everyHundredth = SearchPostings()
        for id in stride(from: 12, to: 1_000_000, by: 100) { everyHundredth.add(id) }
        #expect(everyHundredth.finish().count <= 8)
    }

    @Test func ignoresRepeatedIds() throws {
        var postings = SearchPostings()
        for id in [4, 4, 9, 9, 9] { postings.add(id) }
        #expect(try #require(SearchPostings.decode(String(decoding: postings.finish(), as: UTF8.self))) == [4, 9])
    }

    @Test func rejectsMalformedText() {
        #expect(SearchPostings.decode("a!") == nil)
        #expect(SearchPostings.decode("10") == nil)
    }
}
