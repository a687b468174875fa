import ResultModel

/// The test positions (format 1.7) a bundle's records call for, as `verify` finds them while it reads every test.
struct ScannedTestPositions {
    /// Each run's positions, in file order, by run index.
    private(set) var runs: [Int: [TestPosition]] = [:]
    /// Each run's tests with a start time on one of their own attempts.
    private(set) var timedTests: [Int: Int] = [:]

    /// Notes `test`, whose line is at `lineOffset` in record batch `frameIndex`.
    mutating func add(_ test: TestRecord, frameIndex: Int, lineOffset: Int) {
        if test.attempts.contains(where: { $0.start != nil }) { timedTests[test.runIndex, default: 0] += 1 }
        let kinds = TestSelection(of: test)
        guard !kinds.isEmpty else { return }
        runs[test.runIndex, default: []].append(
            TestPosition(frameIndex: UInt32(frameIndex), lineOffset: UInt32(lineOffset), kinds: kinds))
    }
}

extension BundleReader {
    /// Damage for each run whose stored test positions are not what its records call for (a bundle without
    /// positions has nothing to check).
    func testPositionProblems(_ scanned: ScannedTestPositions) -> [BundleDamage] {
        var problems: [BundleDamage] = []
        for run in index.runs {
            guard let directory = index.positions[run.index] else { continue }
            let place = directory.frames.first ?? index.dataEnd
            var stored: [TestPosition] = []
            do {
                for frameOffset in directory.frames {
                    stored += try testPositions(inFrameAt: frameOffset, ofRun: run.index)
                }
            } catch {
                let message = (error as? BundleError)?.message ?? "\(error)"
                problems.append(
                    BundleDamage(
                        kind: .damagedFrame, byteOffset: place,
                        message: "test positions of run \(run.index + 1): \(message)"))
                continue
            }
            let expected = scanned.runs[run.index] ?? []
            if stored != expected || directory.entries != expected.count
                || directory.timedTests != scanned.timedTests[run.index] ?? 0
            {
                problems.append(
                    BundleDamage(
                        kind: .damagedIndex, byteOffset: place,
                        message: "test positions of run \(run.index + 1): \(stored.count) failed, skipped or flaky"
                            + " tests listed, \(expected.count) found"))
            }
        }
        return problems
    }
}
