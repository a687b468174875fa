import ResultModel
import Testing

/// The rule matching ids recorded without their module to ids with it: both ways, unique only, equal ids first.
struct ModuleLessMatchingTests {
    @Test func dropsTheFirstComponent() {
        #expect(ModuleLessMatching.droppingModule("M/S/t") == "S/t")
        #expect(ModuleLessMatching.droppingModule("S/t[a/b]@linux") == "t[a/b]@linux")
        #expect(ModuleLessMatching.droppingModule("t") == nil)
    }

    @Test func pairsModuleLessIdsWithQualifiedOnesBothWays() {
        let moduleLess = ["S/a", "S/b", "T/c"]
        let qualified = ["M/S/a", "M/S/b", "N/T/c"]
        #expect(
            ModuleLessMatching.pairs(old: moduleLess, new: qualified).map { [$0.old, $0.new] } == [
                [0, 0], [1, 1], [2, 2],
            ])
        #expect(
            ModuleLessMatching.pairs(old: qualified, new: moduleLess).map { [$0.old, $0.new] } == [
                [0, 0], [1, 1], [2, 2],
            ])
    }

    @Test func anIdSeveralModulesHaveStaysUnmatched() {
        // `S/a` could be either module's: neither way matches.
        #expect(ModuleLessMatching.pairs(old: ["S/a"], new: ["M/S/a", "N/S/a"]).isEmpty)
        #expect(ModuleLessMatching.pairs(old: ["M/S/a", "N/S/a"], new: ["S/a"]).isEmpty)
        // A lookup of one id: `M/S/a` does not take `S/a` when the set also has `N/S/a`.
        let index = ModuleLessMatching.Index(["S/a", "N/S/a"])
        #expect(index.counterpart(of: "M/S/a") == nil)
        #expect(ModuleLessMatching.Index(["S/a"]).counterpart(of: "M/S/a") == 0)
        #expect(ModuleLessMatching.Index(["M/S/a"]).counterpart(of: "S/a") == 0)
    }

    @Test func equalIdsMatchFirst() {
        // `S/a` is in both runs, so the new `M/S/a` is a new test, not `S/a` under another name.
        #expect(ModuleLessMatching.pairs(old: ["S/a"], new: ["S/a", "M/S/a"]).isEmpty)
        #expect(ModuleLessMatching.Index(["S/a", "M/S/a"]).counterpart(of: "S/a") == nil)
    }

    @Test func keysOfCasesAndConfigurationsMatchToo() {
        let pairs = ModuleLessMatching.pairs(
            old: ["S/t()[1]@linux", "S/t()@linux"], new: ["M/S/t()@linux", "M/S/t()[1]@linux"])
        #expect(pairs.map { [$0.old, $0.new] } == [[1, 0], [0, 1]])
    }
}
