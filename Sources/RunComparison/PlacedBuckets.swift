/// A comparison's buckets as they fill, each entry with its test's place in its run, so that buckets filled a part
/// of the runs at a time come out in the order of the whole runs (HEAD's, BASE's for removed tests), entries of one
/// test in the order they were added.
///
/// With a ``limit``, a bucket ordered by place keeps only its first `limit` entries and counts the rest: enough for
/// an output that shows no more (the terminal table, the Markdown, the HTML page), and memory that does not grow
/// with a run in which every test changed. Slower and faster tests are ordered by their change and kept whole.
struct PlacedBuckets {
    typealias Bucket = WritableKeyPath<Comparison.Buckets, [Comparison.Entry]>
    private var entries: [Bucket: [(place: Int, order: Int, entry: Comparison.Entry)]] = [:]
    private var dropped: [Bucket: Int] = [:]
    private var added = 0
    /// The most entries a bucket ordered by place keeps; nil for all.
    let limit: Int?
    /// Every entry of the buckets ordered by place, for the JSON, when it is kept on disk.
    let spilled: SpilledJSONEntries?

    init(limit: Int? = nil, spillingJSON: Bool = false) {
        self.limit = limit.map { max(1, $0) }
        spilled = spillingJSON ? SpilledJSONEntries() : nil
    }

    /// Adds `entry` to `bucket`, for the test at `place`.
    mutating func append(_ entry: Comparison.Entry, to bucket: Bucket, at place: Int) {
        if let spilled, bucket != \.slower, bucket != \.faster,
            let key = Comparison.bucketNames.first(where: { $0.keyPath == bucket })?.key
        {
            spilled.append(entry, bucket: key, place: place, order: added)
        }
        entries[bucket, default: []].append((place, added, entry))
        added += 1
        guard let limit, bucket != \.slower, bucket != \.faster, let count = entries[bucket]?.count, count >= 2 * limit
        else { return }
        entries[bucket]!.sort { ($0.place, $0.order) < ($1.place, $1.order) }
        entries[bucket]!.removeLast(count - limit)
        dropped[bucket, default: 0] += count - limit
    }

    /// The buckets, each in order of place (entries of one place in the order added), and how many entries each
    /// left out, by bucket key.
    func buckets() -> (buckets: Comparison.Buckets, omitted: [String: Int]) {
        var result = Comparison.Buckets()
        var omitted: [String: Int] = [:]
        for (bucket, placed) in entries {
            var ordered = placed.sorted { ($0.place, $0.order) < ($1.place, $1.order) }
            var left = dropped[bucket] ?? 0
            if let limit, bucket != \.slower, bucket != \.faster, ordered.count > limit {
                left += ordered.count - limit
                ordered.removeLast(ordered.count - limit)
            }
            result[keyPath: bucket] = ordered.map(\.entry)
            if left > 0, let key = Comparison.bucketNames.first(where: { $0.keyPath == bucket })?.key {
                omitted[key] = left
            }
        }
        return (result, omitted)
    }
}
