import Testing

@testable import RunComparison

/// Where a test's digest goes: with its counterpart recorded with or without a module, and not with every suite's
/// test of the same name.
struct DigestPartitionsTests {
    private let partitions = DigestPartitions(layout: .init(count: 256, bufferBytes: 1))

    @Test func aTestAndItsModuleLessCounterpartShareAPartition() {
        for suite in 0..<50 {
            let moduleLess = "Suite\(suite)/testExample"
            #expect(partitions.partition(of: "Module/\(moduleLess)") == partitions.partition(of: moduleLess))
            #expect(partitions.partition(of: "A/B/\(moduleLess)") == partitions.partition(of: "B/\(moduleLess)"))
        }
    }

    @Test func suitesSharingATestNameSpreadOverPartitions() {
        // Generated and real runs repeat names (`testExample`, `test_parse`) in many suites: one partition for all
        // of them held a tenth of a ten-million-test run.
        let used = Set((0..<1_000).map { partitions.partition(of: "Module/Suite\($0)/testExample") })
        #expect(used.count > 200)
    }

    @Test func anIdOfOneComponentIsComparedInMemory() {
        #expect(!DigestPartitions.isPartitionable("testExample"))
        #expect(DigestPartitions.isPartitionable("Suite/testExample"))
    }
}
