/// How long the tests took, counted in a fixed number of log-scale buckets (decades from under 1 ms to over
/// 10 minutes) as tests stream past: a few integers whatever the run's size.
struct DurationHistogram: Equatable {
    /// A bucket's upper bound in seconds (exclusive) and its label; the last bucket has no upper bound.
    struct Bucket: Equatable {
        var upperBound: Double?
        var label: String
    }

    /// The buckets, shortest first: `< 1 ms`, `1–10 ms`, …, `1–10 min`, `≥ 10 min`.
    static let buckets: [Bucket] = [
        Bucket(upperBound: 0.001, label: "< 1 ms"),
        Bucket(upperBound: 0.01, label: "1–10 ms"),
        Bucket(upperBound: 0.1, label: "10–100 ms"),
        Bucket(upperBound: 1, label: "0.1–1 s"),
        Bucket(upperBound: 10, label: "1–10 s"),
        Bucket(upperBound: 60, label: "10–60 s"),
        Bucket(upperBound: 600, label: "1–10 min"),
        Bucket(upperBound: nil, label: "≥ 10 min"),
    ]

    /// Tests per bucket, in the order of ``buckets``.
    private(set) var counts = [Int](repeating: 0, count: Self.buckets.count)
    /// Failing tests per bucket (also counted in ``counts``).
    private(set) var failures = [Int](repeating: 0, count: Self.buckets.count)
    /// Tests without a duration (not in any bucket).
    private(set) var withoutDuration = 0

    /// The bucket a duration in seconds falls into; `nil` for a missing, negative or non-finite duration.
    static func bucket(of seconds: Double?) -> Int? {
        guard let seconds, seconds.isFinite, seconds >= 0 else { return nil }
        return buckets.firstIndex { bucket in bucket.upperBound.map { seconds < $0 } ?? true }
    }

    /// Counts one test.
    mutating func add(duration: Double?, isFailure: Bool) {
        guard let index = Self.bucket(of: duration) else {
            withoutDuration += 1
            return
        }
        counts[index] += 1
        if isFailure { failures[index] += 1 }
    }

    /// The number of tests counted in buckets.
    var total: Int { counts.reduce(0, +) }
}
