extension TestRecord {
    /// The issues of the final attempt (its own, then those of its steps) and of each case's final attempt, each
    /// distinct issue once: an issue is the same as an earlier one when its kind, message and location are (the
    /// recorder can keep an issue both in a step and in the attempt, and a parameterized test repeats one per case).
    /// What the summary and the annotations show.
    /// - Complexity: O(n) in the number of issues.
    public var distinctIssues: [IssueRecord] {
        struct Key: Hashable {
            var kind: IssueRecord.Kind
            var message: String
            var location: SourceLocation?
        }
        var seen = Set<Key>()
        let all = (finalAttempt?.allIssues ?? []) + cases.flatMap { $0.attempts.last?.allIssues ?? [] }
        return all.filter { seen.insert(Key(kind: $0.kind, message: $0.message, location: $0.location)).inserted }
    }
}
