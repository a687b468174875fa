import ResultModel

extension BundleReader {
    /// Calls `body` with the totals of every suite of every run that `include` takes (from its counts, before the
    /// suite's names are read) as the writer counted them (format 1.9), each suite once and whole, and returns `true`; returns `false` without calling `body` for a bundle without suite totals for
    /// every run (older, or with a rebuilt index) or with a damaged suite totals frame (noted in ``damage``).
    /// - Complexity: O(the runs' suites) in time. In memory, one frame's suites (at most a few thousand) when every
    ///   suite lies whole in one frame, as the writer records; otherwise O(the suites of the run with parts), which
    ///   are summed before they are handed on.
    /// - Throws: ``BundleError`` (damaged) for a frame whose checksum holds but whose layout does not.
    public func forEachStoredSuiteTotals(
        where include: (ResultTotals) throws -> Bool, _ body: (SuiteTotals) throws -> Void
    ) throws -> Bool {
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
                    for suite in try suiteTotals(inFrameAt: frameOffset, ofRun: run.index, where: include) {
                        try body(suite)
                    }
                }
            } else {
                var tally = SuiteTotalsTally()
                for frameOffset in directory.frames {
                    for suite in try suiteTotals(inFrameAt: frameOffset, ofRun: run.index) { tally.add(suite) }
                }
                for suite in tally.suites where try include(suite.totals) { try body(suite) }
            }
        }
        return true
    }

    /// The entries of the suite totals frame at `frameOffset` that `include` takes, which must be of run `runIndex`.
    /// - Throws: ``BundleError`` (damaged) for a frame that is damaged, not a suite totals frame or of another run;
    ///   I/O errors; what `include` throws.
    func suiteTotals(
        inFrameAt frameOffset: Int64, ofRun runIndex: Int, where include: (ResultTotals) throws -> Bool = { _ in true }
    ) throws -> [SuiteTotals] {
        let frame = try source.checkedFrame(at: frameOffset)
        guard frame.header.type == .suiteTotals else {
            throw BundleError(.damaged, "the index points at a \(FrameType.describe(frame.header.typeByte))")
        }
        let read = try SuiteTotalsLayout.read(try source.uncompressedPayload(frame), where: include)
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
/// 64-bit hash rather than by name, in 56 bytes a suite (about 9 MB for 100,000 suites), then checked by taking
/// the stored entries off them. The tests of one suite mostly come together: they are counted as
/// ``ResultModel/ResultTotals`` while they do, and hashed and stored once for each such stretch.
struct ScannedSuiteTotals {
    /// A suite's counts (as ``ResultModel/ResultTotals``' fields) and how many stored entries were taken off them.
    private struct Counted {
        var tests: Int32 = 0
        var passed: Int32 = 0
        var failed: Int32 = 0
        var skipped: Int32 = 0
        var expectedFailures: Int32 = 0
        var warnings: Int32 = 0
        var interrupted: Int32 = 0
        var flaky: Int32 = 0
        var testCases: Int32 = 0
        var parameterizedTests: Int32 = 0
        var listed: Int32 = 0
        /// Whether every count added had `parameterizedTests` (totals of format 1.4 and later).
        var knowsParameterizedTests = true
        var duration: Double = 0

        /// Adds (`sign` 1) or takes off (`sign` -1) `totals`.
        mutating func add(_ totals: ResultTotals, sign: Int32) {
            tests &+= sign &* Int32(truncatingIfNeeded: totals.tests)
            passed &+= sign &* Int32(truncatingIfNeeded: totals.passed)
            failed &+= sign &* Int32(truncatingIfNeeded: totals.failed)
            skipped &+= sign &* Int32(truncatingIfNeeded: totals.skipped)
            expectedFailures &+= sign &* Int32(truncatingIfNeeded: totals.expectedFailures)
            warnings &+= sign &* Int32(truncatingIfNeeded: totals.warnings)
            interrupted &+= sign &* Int32(truncatingIfNeeded: totals.interrupted)
            flaky &+= sign &* Int32(truncatingIfNeeded: totals.flaky)
            testCases &+= sign &* Int32(truncatingIfNeeded: totals.testCases)
            if let counted = totals.parameterizedTests {
                parameterizedTests &+= sign &* Int32(truncatingIfNeeded: counted)
            } else {
                knowsParameterizedTests = false
            }
            duration += Double(sign) * totals.duration
        }

        /// Whether the counts came out at zero (durations within rounding; an unknown parameterized count is not
        /// checked, as for run totals).
        var isZero: Bool {
            [tests, passed, failed, skipped, expectedFailures, warnings, interrupted, flaky, testCases].allSatisfy {
                $0 == 0
            } && (parameterizedTests == 0 || !knowsParameterizedTests) && abs(duration) <= 1e-6
        }
    }

    private var runs: [Int: [UInt64: Counted]] = [:]
    private var stretch: (place: SuitePlace, totals: ResultTotals)?

    /// Counts `test` in its suite.
    mutating func add(_ test: TestRecord) {
        let place = SuitePlace(of: test)
        if stretch?.place != place {
            finishStretch()
            stretch = (place, ResultTotals())
        }
        stretch!.totals.add(test)
    }

    private mutating func finishStretch() {
        guard let stretch else { return }
        runs[stretch.place.runIndex, default: [:]][stretch.place.stableHash, default: Counted()].add(
            stretch.totals, sign: 1)
        self.stretch = nil
    }

    /// Takes a stored entry off its suite's counted totals; `false` when no test of that suite was counted.
    mutating func takeOff(_ suite: SuiteTotals) -> Bool {
        finishStretch()
        let key = suite.place.stableHash
        guard runs[suite.place.runIndex]?[key] != nil else { return false }
        runs[suite.place.runIndex]![key]!.listed += 1
        runs[suite.place.runIndex]![key]!.add(suite.totals, sign: -1)
        return true
    }

    /// The run's counted suites, those whose counts the stored entries did not take to zero (or that no entry
    /// listed), and the entries beyond the first of each suite.
    mutating func leftOver(runIndex: Int) -> (suites: Int, unequal: Int, continuations: Int) {
        finishStretch()
        let counted = runs[runIndex] ?? [:]
        var unequal = 0
        var continuations = 0
        for suite in counted.values {
            if suite.listed == 0 || !suite.isZero { unequal += 1 }
            continuations += max(0, Int(suite.listed) - 1)
        }
        return (counted.count, unequal, continuations)
    }
}
