extension TestRecord {
    /// The issues of the final attempt (its own, then those of its steps) and of each case's final attempt, each
    /// distinct issue once: an issue is the same as an earlier one when its kind, message and location are (the
    /// recorder can keep an issue both in a step and in the attempt, and a parameterized test repeats one per case).
    /// A step's thrown error that escaped the test is shown once, as the test's: the step keeps the error's own text
    /// and no place, the test the framework's wording of it (`Caught error: …`, `threw error "…"`) at the test's
    /// line. What the summary and the annotations show.
    /// - Complexity: O(n) in the number of issues, times the test's own thrown errors for each step's.
    public var distinctIssues: [IssueRecord] {
        struct Key: Hashable {
            var kind: IssueRecord.Kind
            var message: String
            var location: SourceLocation?
        }
        var seen = Set<Key>()
        let attempts = [finalAttempt].compactMap { $0 } + cases.compactMap { $0.attempts.last }
        var all: [IssueRecord] = []
        for attempt in attempts {
            let thrown = attempt.issues.filter { $0.kind == .thrownError }.map(\.message)
            all += attempt.issues
            all += attempt.activities.flatMap(\.allIssues).filter { !Self.escaped($0, asOneOf: thrown) }
        }
        return all.filter { seen.insert(Key(kind: $0.kind, message: $0.message, location: $0.location)).inserted }
    }

    /// Whether a step's `issue` is an error the test itself reports as thrown (one of `thrown`, its messages).
    private static func escaped(_ issue: IssueRecord, asOneOf thrown: [String]) -> Bool {
        issue.kind == .thrownError && issue.location == nil && !issue.message.isEmpty
            && thrown.contains { $0.contains(issue.message) }
    }
}
