/// The name a mistyped word most likely meant (`reprot` → `report`), by edit distance.
enum NearestName {
    /// The closest of `names` to `word`, when it is close enough to be a typo: at most a third of the word's
    /// letters edited (a swap of two neighbours counts as one edit), or `word` is the start of exactly one name.
    static func nearest(to word: String, among names: [String]) -> String? {
        let typed = Array(word.lowercased())
        let scored = names.map { (name: $0, distance: distance(typed, Array($0.lowercased()))) }
        if let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= max(1, typed.count / 3) {
            return best.name
        }
        let extending = names.filter { !word.isEmpty && $0.hasPrefix(word) }
        return extending.count == 1 ? extending[0] : nil
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
