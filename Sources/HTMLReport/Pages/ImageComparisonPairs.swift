/// Image attachments that show one picture as expected and as it came out, found by their names the way
/// snapshot-testing tools write them: Playwright's `login-expected.png`, `login-actual.png` and `login-diff.png`,
/// `expected.png` and `actual.png`, `Screen_Expected`, or attachments named just `Expected` and `Actual`.
///
/// A name's role is its last word (after `-`, `_`, `.`, a space, or the whole name without its extension):
/// `expected` (or `baseline`, `reference`), `actual` (or `received`, jest-image-snapshot's word), `diff` (or
/// `difference`); case does not matter. What comes before
/// it (its *stem*) pairs the images. A pair needs an expected and an actual image with the same stem; the diff,
/// when there is one, is the producer's own picture of the difference.
enum ImageComparisonPairs {
    /// One expected/actual pair: indices into the images given, and the stem that paired them (empty for
    /// `expected.png` and `actual.png`).
    struct Pair: Equatable {
        var stem: String
        var expected: Int
        var actual: Int
        var diff: Int?
    }

    enum Role { case expected, actual, diff }

    /// The pairs among images named `names`, in the order of their expected image.
    static func pairs(_ names: [String]) -> [Pair] {
        var byStem: [String: (expected: Int?, actual: Int?, diff: Int?)] = [:]
        var order: [String] = []
        for (index, name) in names.enumerated() {
            guard let (stem, role) = roleAndStem(name) else { continue }
            if byStem[stem] == nil { order.append(stem) }
            var entry = byStem[stem] ?? (nil, nil, nil)
            switch role {
            case .expected: entry.expected = entry.expected ?? index
            case .actual: entry.actual = entry.actual ?? index
            case .diff: entry.diff = entry.diff ?? index
            }
            byStem[stem] = entry
        }
        return order.compactMap { stem in
            guard let entry = byStem[stem], let expected = entry.expected, let actual = entry.actual else { return nil }
            return Pair(stem: stem, expected: expected, actual: actual, diff: entry.diff)
        }
        .sorted { $0.expected < $1.expected }
    }

    /// The stem and role of a name (`login-expected.png` → `login`, expected), or `nil` when it names no role.
    static func roleAndStem(_ name: String) -> (stem: String, role: Role)? {
        var base = Substring(name)
        if let dot = base.lastIndex(of: "."), dot > base.startIndex { base = base[..<dot] }
        let separators: Set<Character> = ["-", "_", ".", " "]
        let wordStart = base.lastIndex(where: { separators.contains($0) }).map { base.index(after: $0) }
        let word = base[(wordStart ?? base.startIndex)...].lowercased()
        let role: Role
        switch word {
        case "expected", "baseline", "reference": role = .expected
        case "actual", "received": role = .actual
        case "diff", "difference": role = .diff
        default: return nil
        }
        var stem = base[..<(wordStart ?? base.startIndex)]
        while let last = stem.last, separators.contains(last) { stem = stem.dropLast() }
        return (stem.lowercased(), role)
    }
}
