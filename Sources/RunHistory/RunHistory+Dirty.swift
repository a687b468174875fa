extension RunHistory {
    /// The history without the runs made from a working tree with uncommitted changes (``HistoryRun/Facts/dirty``):
    /// what the flaky ranking, the streaks and the labels look at unless asked otherwise. A test broken and fixed
    /// in a local tree before its commit is not flaky.
    /// - Complexity: O(n) in the runs.
    public func withoutDirtyRuns() -> RunHistory {
        guard runs.contains(where: { $0.facts.dirty == true }) else { return self }
        var history = self
        history.runs.removeAll { $0.facts.dirty == true }
        history.runCount = history.runs.count
        return history
    }
}
