extension RunDigest {
    /// The tests of `head` that match a test of `base` only by ``ResultModel/ModuleLessMatching`` (one side
    /// recorded without modules), by position in `head`, with the position of their match in `base`. Empty, and
    /// cheap, when every test of each side has an equal key on the other or one side has no test the other lacks.
    /// - Complexity: O(*n*) in the number of tests.
    public static func moduleLessMatches(base: RunDigest, head: RunDigest) -> [Int: Int] {
        guard head.tests.contains(where: { base.matching($0) == nil }),
            base.tests.contains(where: { head.matching($0) == nil })
        else { return [:] }
        let pairs = ModuleLessMatching.pairs(old: base.tests.map(\.key), new: head.tests.map(\.key))
        return Dictionary(uniqueKeysWithValues: pairs.map { ($0.new, $0.old) })
    }
}
