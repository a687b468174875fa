import ResultModel

extension BundleReader {
    /// Calls `body` with every suite's totals of every run as the writer counted them (format 1.9), each suite once
    /// and whole, and returns `true`; returns `false` without calling `body` for a bundle without suite totals for
    /// every run (older, or with a rebuilt index) or with a damaged suite totals frame (noted in ``damage``).
    /// - Complexity: O(the runs' suites) in time. In memory, one frame's suites (at most a few thousand) when every
    ///   suite lies whole in one frame, as the writer records; otherwise O(the suites of the run with parts), which
    ///   are summed before they are handed on.
    /// - Throws: ``BundleError`` (damaged) for a frame whose checksum holds but whose layout does not.
    public func forEachStoredSuiteTotals(_ body: (SuiteTotals) throws -> Void) throws -> Bool {
        guard indexSource == .stored, !index.runs.isEmpty,
            index.runs.allSatisfy({ index.suiteTotals[$0.index] != nil })
        else { return false }
        // Checksums first, so that a damaged frame is found before anything is handed on.
        for run in index.runs {
            for frameOffset in index.suiteTotals[run.index]?.frames ?? [] {
                do {
                    let frame = try source.checkedFrame(at: frameOffset)
                    guard frame.header.type == .suiteTotals else {
                        throw BundleError(
                            .damaged, "the index points at a \(FrameType.describe(frame.header.typeByte))")
                    }
                } catch let problem as BundleError where problem.code != .io {
                    note(
                        BundleDamage(
                            kind: .damagedFrame, byteOffset: frameOffset,
                            message: "suite totals frame: \(problem.message); every test is read instead"))
                    return false
                }
            }
        }
        for run in index.runs {
            guard let directory = index.suiteTotals[run.index] else { continue }
            if directory.split == 0 {
                for frameOffset in directory.frames {
                    for suite in try suiteTotals(inFrameAt: frameOffset, ofRun: run.index) { try body(suite) }
                }
            } else {
                var tally = SuiteTotalsTally()
                for frameOffset in directory.frames {
                    for suite in try suiteTotals(inFrameAt: frameOffset, ofRun: run.index) { tally.add(suite) }
                }
                for suite in tally.suites { try body(suite) }
            }
        }
        return true
    }

    /// The entries of the suite totals frame at `frameOffset`, which must be of run `runIndex`.
    /// - Throws: ``BundleError`` (damaged) for a frame that is damaged, not a suite totals frame or of another run;
    ///   I/O errors.
    func suiteTotals(inFrameAt frameOffset: Int64, ofRun runIndex: Int) throws -> [SuiteTotals] {
        let frame = try source.checkedFrame(at: frameOffset)
        guard frame.header.type == .suiteTotals else {
            throw BundleError(.damaged, "the index points at a \(FrameType.describe(frame.header.typeByte))")
        }
        let read = try SuiteTotalsLayout.read(try source.uncompressedPayload(frame))
        guard read.runIndex == runIndex else {
            throw BundleError(.damaged, "the frame holds run \(read.runIndex)'s suites, not run \(runIndex)'s")
        }
        return read.suites
    }

    /// Damage for each run whose stored suite totals (format 1.9) are not what its records, counted into
    /// `scanned`, add up to (a bundle without them has nothing to check): each stored entry is taken off its
    /// suite's counted totals, and every suite must come out at zero (durations within rounding), listed in one
    /// entry unless the run says its suites were written in parts.
    func suiteTotalsProblems(_ scanned: inout ScannedSuiteTotals) -> [BundleDamage] {
        var problems: [BundleDamage] = []
        for run in index.runs {
            guard let directory = index.suiteTotals[run.index] else { continue }
            let place = directory.frames.first ?? index.dataEnd
            var entries = 0
            var unknown: String?
            do {
                for frameOffset in directory.frames {
                    for suite in try suiteTotals(inFrameAt: frameOffset, ofRun: run.index) {
                        entries += 1
                        if !scanned.takeOff(suite), unknown == nil { unknown = suite.place.name }
                    }
                }
            } catch {
                let message = (error as? BundleError)?.message ?? "\(error)"
                problems.append(
                    BundleDamage(
                        kind: .damagedFrame, byteOffset: place,
                        message: "suite totals of run \(run.index + 1): \(message)"))
                continue
            }
            let left = scanned.leftOver(runIndex: run.index)
            let detail: String
            if let unknown {
                detail = "suite \(unknown.isEmpty ? "(none)" : unknown) is listed but no test of it was found"
            } else if left.unequal > 0 {
                detail = "\(left.unequal) of \(left.suites) suites found have other counts than listed"
            } else if entries != directory.entries || left.continuations > directory.split {
                detail =
                    "\(entries) entries for \(left.suites) suites, the run list says \(directory.entries) entries, "
                    + "\(directory.split) of them continuing a suite"
            } else {
                continue
            }
            problems.append(
                BundleDamage(
                    kind: .damagedIndex, byteOffset: place, message: "suite totals of run \(run.index + 1): \(detail)"))
        }
        return problems
    }
}

/// Every suite's totals as `verify` counts them from the records, each run's by ``ResultModel/SuitePlace``'s
/// 64-bit hash rather than by name (about 140 bytes a suite: 14 MB for 100,000 suites), then checked by taking the
/// stored entries off them.
struct ScannedSuiteTotals {
    private struct Counted {
        var totals = ResultTotals()
        /// How many stored entries were taken off.
        var listed = 0
    }

    private var runs: [Int: [UInt64: Counted]] = [:]

    /// Counts `test` in its suite.
    mutating func add(_ test: TestRecord) {
        runs[test.runIndex, default: [:]][SuitePlace(of: test).stableHash, default: Counted()].totals.add(test)
    }

    /// Takes a stored entry off its suite's counted totals; `false` when no test of that suite was counted.
    mutating func takeOff(_ suite: SuiteTotals) -> Bool {
        let key = suite.place.stableHash
        guard runs[suite.place.runIndex]?[key] != nil else { return false }
        runs[suite.place.runIndex]![key]!.listed += 1
        Self.subtract(suite.totals, from: &runs[suite.place.runIndex]![key]!.totals)
        return true
    }

    /// The run's counted suites, those whose counts the stored entries did not take to zero (or that no entry
    /// listed), and the entries beyond the first of each suite.
    func leftOver(runIndex: Int) -> (suites: Int, unequal: Int, continuations: Int) {
        let counted = runs[runIndex] ?? [:]
        var unequal = 0
        var continuations = 0
        for suite in counted.values {
            if suite.listed == 0 || !BundleReader.sameCounts(suite.totals, ResultTotals()) { unequal += 1 }
            continuations += max(0, suite.listed - 1)
        }
        return (counted.count, unequal, continuations)
    }

    private static func subtract(_ stored: ResultTotals, from counted: inout ResultTotals) {
        counted.tests -= stored.tests
        counted.passed -= stored.passed
        counted.failed -= stored.failed
        counted.skipped -= stored.skipped
        counted.expectedFailures -= stored.expectedFailures
        counted.warnings -= stored.warnings
        counted.interrupted -= stored.interrupted
        counted.flaky -= stored.flaky
        counted.testCases -= stored.testCases
        counted.parameterizedTests = counted.parameterizedTests.flatMap { mine in
            stored.parameterizedTests.map { mine - $0 }
        }
        counted.duration -= stored.duration
    }
}
