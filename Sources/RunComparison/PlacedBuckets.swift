/// A comparison's buckets as they fill, each entry with its test's place in its run, so that buckets filled a part
/// of the runs at a time come out in the order of the whole runs (HEAD's, BASE's for removed tests), entries of one
/// test in the order they were added.
struct PlacedBuckets {
    private var entries:
        [WritableKeyPath<Comparison.Buckets, [Comparison.Entry]>: [(place: Int, entry: Comparison.Entry)]] =
            [:]

    /// Adds `entry` to `bucket`, for the test at `place`.
    mutating func append(
        _ entry: Comparison.Entry, to bucket: WritableKeyPath<Comparison.Buckets, [Comparison.Entry]>, at place: Int
    ) {
        entries[bucket, default: []].append((place, entry))
    }

    /// The buckets, each in order of place (entries of one place in the order added).
    var buckets: Comparison.Buckets {
        var result = Comparison.Buckets()
        for (bucket, placed) in entries {
            let ordered = placed.enumerated().sorted {
                ($0.element.place, $0.offset) < ($1.element.place, $1.offset)
            }
            result[keyPath: bucket] = ordered.map(\.element.entry)
        }
        return result
    }
}
