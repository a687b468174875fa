import Testing

@testable import ResultBundleCLI

/// The command a mistyped word most likely meant.
@Suite struct NearestNameTests {
    static let commands = ["record", "import", "info", "verify", "merge", "report", "junit", "summary", "json"]

    @Test(arguments: [
        ("reprot", "report"), ("improt", "import"), ("jsno", "json"), ("sumary", "summary"), ("rep", "report"),
        ("xyz", nil),
    ])
    func suggestsACloseNameOnly(word: String, meant: String?) {
        #expect(NearestName.nearest(to: word, among: Self.commands) == meant)
    }

    @Test func aSwapOfNeighboursIsOneEdit() {
        #expect(NearestName.distance(Array("reprot"), Array("report")) == 1)
        #expect(NearestName.distance(Array("abc"), Array("xyz")) == 3)
    }

    @Test func anUnknownCommandIsFoundBelowTheRoot() {
        let unknown = CommandTree.unknownCommand(in: ["shard", "lst", "--count", "2"])
        #expect(unknown?.parentPath == ["resultbundle", "shard"])
        #expect(unknown?.suggestion == "list")
        #expect(CommandTree.unknownCommand(in: ["record", "-o", "x", "--", "swift", "test"]) == nil)
    }
}
