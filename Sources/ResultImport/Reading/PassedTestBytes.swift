import ResultModel

/// Writes a passed test given as a ``TestIdentity`` from its bytes (``ResultSink/addPassedTest(_:)``): the bundle
/// holds the same test as the record would, without encoding one. The parts are laid one after another in a buffer
/// kept between tests, so a test costs a few copies and no allocation.
struct PassedTestBytes {
    private var text: [UInt8] = []
    /// Where each part ends in ``text``.
    private var ends: [Int] = []

    /// Writes `identity`, which passed on its only attempt, to `sink` as a test of run `runIndex`.
    mutating func write(
        _ identity: TestIdentity, runIndex: Int, start: Double? = nil, duration: Double?, to sink: any ResultSink
    ) throws {
        text.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        if let module = identity.module { add(module) }
        identity.suites.forEach { add($0) }
        add(identity.name)
        let hasModule = identity.module != nil
        let suiteCount = identity.suites.count
        let ends = ends
        try text.withUnsafeBufferPointer { text in
            func part(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: text[(index == 0 ? 0 : ends[index - 1])..<ends[index]])
            }
            let first = hasModule ? 1 : 0
            try withUnsafeTemporaryAllocation(
                of: UnsafeBufferPointer<UInt8>.self, capacity: max(0, suiteCount - 1)
            ) { outer in
                for index in 0..<max(0, suiteCount - 1) { outer.initializeElement(at: index, to: part(first + index)) }
                try sink.addPassedTest(
                    PassedTestText(
                        runIndex: runIndex, module: hasModule ? part(0) : nil,
                        outerSuites: UnsafeBufferPointer(outer),
                        suite: suiteCount > 0 ? part(first + suiteCount - 1) : nil, name: part(first + suiteCount),
                        start: start, duration: duration))
            }
        }
    }

    private mutating func add(_ part: String) {
        text.append(contentsOf: part.utf8)
        ends.append(text.count)
    }
}
