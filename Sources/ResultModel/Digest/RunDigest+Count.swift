extension RunDigest {
    /// The run's tests, counted as every command counts them (``ResultModel/TestCount``): a digest of a
    /// parameterized case is one of its test's cases, not a test.
    /// - Complexity: O(*n*) in the number of digests.
    public var count: TestCount {
        var tests = 0
        var cases = 0
        var parameterized: Set<String> = []
        for digest in self.tests {
            guard digest.arguments != nil else {
                tests += 1
                continue
            }
            cases += 1
            parameterized.insert(RunDigest.key(test: digest.test, arguments: nil, configuration: digest.configuration))
        }
        return TestCount(tests: tests, parameterized: parameterized.count, cases: cases)
    }
}

extension TestCount {
    /// This count and `other`'s together: counts of parts of a run that share no test (``RunDigest/count`` of
    /// each part, when a test and its cases are in the same part).
    public func adding(_ other: TestCount) -> TestCount {
        TestCount(
            tests: tests + other.tests, parameterized: (parameterized ?? 0) + (other.parameterized ?? 0),
            cases: cases + other.cases)
    }
}
