import Testing

@testable import HTMLReport

/// Expected and actual images are paired by their names as snapshot-testing tools write them.
struct ImageComparisonPairsTests {
    @Test func playwrightsExpectedActualAndDiffArePairedByTheirStem() {
        let names = ["login-actual.png", "trace.zip", "login-expected.png", "login-diff.png", "other.png"]
        #expect(
            ImageComparisonPairs.pairs(names) == [.init(stem: "login", expected: 2, actual: 0, diff: 3)])
    }

    @Test(arguments: [
        ["expected.png", "actual.png"], ["Expected", "Actual"], ["Screen_Expected.png", "screen_actual.png"],
        ["home page expected.jpeg", "home page received.jpeg"], ["button.baseline.png", "button.actual.png"],
    ])
    func namesThatSayExpectedAndActualMakeAPair(names: [String]) {
        let pairs = ImageComparisonPairs.pairs(names)
        #expect(pairs.count == 1)
        #expect(pairs.first?.expected == 0 && pairs.first?.actual == 1 && pairs.first?.diff == nil)
    }

    @Test func differentStemsOrAMissingSideMakeNoPair() {
        #expect(ImageComparisonPairs.pairs(["a-expected.png", "b-actual.png"]).isEmpty)
        #expect(ImageComparisonPairs.pairs(["a-expected.png", "a-diff.png"]).isEmpty)
        #expect(ImageComparisonPairs.pairs(["unexpected.png", "factual.png"]).isEmpty)
        #expect(ImageComparisonPairs.pairs([".expected", "expected.png"]).isEmpty)
    }
}
