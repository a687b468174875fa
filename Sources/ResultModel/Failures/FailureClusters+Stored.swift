extension FailureClusters {
    /// Adds the failures of one source's runs from the causes its writer counted (``RunFailureCauses``, format
    /// 1.8), leaving the clusters as adding each of its failed tests in file order would, except for their test
    /// ids, which stay empty. Returns `false` and adds nothing when that cannot be done exactly: a run's causes are
    /// incomplete (``RunFailureCauses/otherFailures``), two runs' failures of one cause interleave (the order of
    /// their modules, suites and files is not known), or the causes could pass ``maxClusters``.
    /// - Complexity: O(the runs' causes × log of them).
    public mutating func add(storedRuns runs: [RunFailureCauses]) -> Bool {
        guard runs.allSatisfy({ $0.otherFailures == 0 }) else { return false }
        let stored = runs.flatMap(\.causes)
        guard clusters.count + stored.count <= Self.maxClusters else { return false }
        var groups: [FailureSignature: [StoredFailureCause]] = [:]
        for cause in stored { groups[cause.signature, default: []].append(cause) }
        for (signature, group) in groups where group.count > 1 {
            let ordered = group.sorted { $0.first < $1.first }
            guard zip(ordered, ordered.dropFirst()).allSatisfy({ $0.last < $1.first }) else { return false }
            groups[signature] = ordered
        }
        // Clusters are made in the order their first failure was met.
        let order = groups.values.map { $0[0] }.sorted { $0.first < $1.first }
        for head in order {
            for cause in groups[head.signature] ?? [] { add(stored: cause) }
        }
        return true
    }

    /// Adds one stored cause: as many failures as it counts, after every failure already added.
    private mutating func add(stored cause: StoredFailureCause) {
        let signature = cause.signature
        let position: Int
        if let known = positions[signature] {
            position = known
        } else {
            position = clusters.count
            positions[signature] = position
            clusters.append(
                Cluster(signature: signature, sampleMessage: cause.message, sampleLocation: cause.location))
        }
        clusters[position].count += cause.count
        for module in cause.modules { Self.note(module, in: &clusters[position].modules) }
        for suite in cause.suites { Self.note(suite, in: &clusters[position].suites) }
        for file in cause.files { Self.note(file, in: &clusters[position].files) }
    }
}
