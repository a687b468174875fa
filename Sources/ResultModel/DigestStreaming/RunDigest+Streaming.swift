extension RunDigest {
    /// Hands over the digests of every test of `source` (and each parameterized case) in the order ``init(_:)``
    /// reads them, a batch at a time, without keeping them: for a caller that writes them elsewhere as they come
    /// (`history add` of millions of tests). Unlike ``init(_:)`` a test read twice is handed over twice, and
    /// ``TestDigest/wallShare`` is not set (it needs the whole run).
    public static func forEachDigest(of source: any ResultSource, _ body: ([TestDigest]) throws -> Void) throws {
        var names: [Int: String] = [:]
        for run in source.runs { names[run.index] = run.record.name ?? "run \(run.index + 1)" }
        var distinct: [String] = []
        for run in source.runs where !distinct.contains(names[run.index]!) { distinct.append(names[run.index]!) }
        let configurationNames = distinct.count > 1 ? names : [:]
        try source.forEachTestBatch(
            { batch in
                var digests: [TestDigest] = []
                digests.reserveCapacity(max(64, batch.byteCountHint / 128))
                var prefix = ""
                var configuration: String?
                var runIndex = 0
                try batch.forEachTest { test in
                    configuration = configurationNames[test.runIndex]
                    runIndex = test.runIndex
                    var parent = test.identity
                    parent.name = ""
                    prefix = parent.id
                    digests.append(digest(test, configuration: configuration))
                    for testCase in test.cases {
                        digests.append(digest(testCase, of: test, configuration: configuration))
                    }
                } passedInSameSuite: { passed in
                    let id = prefix + String(decoding: passed.name, as: UTF8.self)
                    digests.append(
                        TestDigest(
                            key: key(test: id, arguments: nil, configuration: configuration), test: id,
                            arguments: nil, configuration: configuration, status: .passed, duration: passed.duration,
                            start: passed.start, runIndex: runIndex, attempts: 1, isFlaky: false, message: nil,
                            measurements: []))
                }
                return digests
            }, body)
    }
}
