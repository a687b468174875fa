import ResultModel

/// The totals a file declares about itself (TRX `Counters`, NUnit's `total`/`passed`/`failed` attributes, a TAP plan,
/// Jest's `numTotalTests`), held against the tests actually read. The tests win; a disagreement is one warning that
/// says what disagreed, so a producer's arithmetic never changes a count.
public struct DeclaredTotals: Sendable {
    /// Each declared count by the word the format uses (`total`, `passed`, `failed`, `skipped`...), in order.
    public var declared: [(word: String, count: Int)] = []
    /// The same counts of the tests read, by the same words.
    public var found: [String: Int] = [:]

    /// Creates an empty comparison.
    public init() {}

    /// Notes that the file declares `count` for `word` and that `actual` tests of that kind were read.
    public mutating func compare(_ word: String, declared count: Int?, found actual: Int) {
        guard let count else { return }
        declared.append((word, count))
        found[word] = actual
    }

    /// A warning naming each count that disagrees (`declares total 12 and failed 3, but 11 tests and 2 failed were
    /// read`), or `nil` when all agree. `what` names the declaration (`the Counters element`, `the plan 1..12`).
    public func warning(_ what: String, file: String, line: Int? = nil) -> Diagnostic? {
        let wrong = declared.filter { found[$0.word] != $0.count }
        guard !wrong.isEmpty else { return nil }
        let said = wrong.map { "\($0.word) \($0.count)" }.joined(separator: ", ")
        let read = wrong.map { "\($0.word) \(found[$0.word] ?? 0)" }.joined(separator: ", ")
        return Diagnostic(
            severity: .warning,
            message: "\(what) declares \(said), but the tests read give \(read); the tests read are counted",
            file: file, line: line)
    }
}
