/// Splitting a large term shard by more characters (issue 22): every XCTest name starts with `test`, so the shard
/// of `te` would hold the whole word of every name, and a query's first keystrokes would load all of it. A shard over
/// the limit is read back from the spill and split by its terms' first three characters, then four, and so on,
/// until each part is under the limit or its terms are no longer than its key. The script loads the shards whose
/// key starts a query word's, and those under it while they are small (see `search.js`).
extension SearchIndexWriter {
    /// One spilled chunk of a shard: its whole words and its parts, each a term and its encoded ids, in order.
    struct ShardChunk {
        var words: [(term: Substring, ids: Substring)] = []
        var parts: [(term: Substring, ids: Substring)] = []

        var bytes: Int { (words + parts).reduce(0) { $0 + $1.term.utf8.count + $1.ids.utf8.count + 6 } }
    }

    /// The chunk written by ``spillTerms()``: `[{"term":"ids",…},{…}]`. Terms are letters and digits and ids are
    /// digits of ``SearchPostings/alphabet``, so neither holds a quote, a brace or an escape.
    static func parseChunk(_ text: String) -> ShardChunk {
        var chunk = ShardChunk()
        let halves = text.components(separatedBy: "},{")
        for (index, half) in halves.prefix(2).enumerated() {
            let quoted = half.split(separator: "\"", omittingEmptySubsequences: false)
            var entries: [(Substring, Substring)] = []
            var position = 1
            while position + 2 < quoted.count {
                entries.append((quoted[position], quoted[position + 2]))
                position += 4
            }
            if index == 0 { chunk.words = entries } else { chunk.parts = entries }
        }
        return chunk
    }

    /// `chunks` (a shard's, keyed by `depth` characters) as shards of at most `limit` bytes where their terms allow.
    static func split(_ chunks: [ShardChunk], key: String, depth: Int, limit: Int) -> [(
        key: String, chunks: [ShardChunk]
    )] {
        let size = chunks.reduce(0) { $0 + $1.bytes }
        guard size > limit else { return [(key, chunks)] }
        var groups: [String: [ShardChunk]] = [:]
        for chunk in chunks {
            var split: [String: ShardChunk] = [:]
            for entry in chunk.words {
                split[SearchTerms.shardKey(String(entry.term), characters: depth + 1), default: ShardChunk()].words
                    .append(entry)
            }
            for entry in chunk.parts {
                split[SearchTerms.shardKey(String(entry.term), characters: depth + 1), default: ShardChunk()].parts
                    .append(entry)
            }
            for (subkey, part) in split { groups[subkey, default: []].append(part) }
        }
        guard groups.count > 1 || groups.keys.first != key else { return [(key, chunks)] }
        return groups.sorted { $0.key < $1.key }.flatMap { subkey, subchunks in
            subkey == key ? [(subkey, subchunks)] : split(subchunks, key: subkey, depth: depth + 1, limit: limit)
        }
    }

    /// The script of a shard: `RBS.t("key",[{words},{parts}],…);`.
    static func script(key: String, chunks: [ShardChunk]) -> OutputBuffer {
        var script = OutputBuffer()
        script.appendTrusted("RBS.t(\"\(key)\"")
        for chunk in chunks {
            script.append(",[{")
            for (number, entry) in chunk.words.enumerated() {
                script.appendTrusted((number > 0 ? ",\"" : "\"") + entry.term + "\":\"" + entry.ids + "\"")
            }
            script.append("},{")
            for (number, entry) in chunk.parts.enumerated() {
                script.appendTrusted((number > 0 ? ",\"" : "\"") + entry.term + "\":\"" + entry.ids + "\"")
            }
            script.append("}]")
        }
        script.append(");\n")
        return script
    }
}
