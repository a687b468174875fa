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
    /// `counted`, add up to (a bundle without them has nothing to check). Durations are sums, so they are
    /// compared within rounding.
    func suiteTotalsProblems(_ counted: SuiteTotalsTally) -> [BundleDamage] {
        var expectedByRun: [Int: [SuiteTotals]] = [:]
        for suite in counted.suites { expectedByRun[suite.place.runIndex, default: []].append(suite) }
        var problems: [BundleDamage] = []
        for run in index.runs {
            guard let directory = index.suiteTotals[run.index] else { continue }
            let place = directory.frames.first ?? index.dataEnd
            var stored = SuiteTotalsTally()
            var entries = 0
            do {
                for frameOffset in directory.frames {
                    let suites = try suiteTotals(inFrameAt: frameOffset, ofRun: run.index)
                    entries += suites.count
                    for suite in suites { stored.add(suite) }
                }
            } catch {
                let message = (error as? BundleError)?.message ?? "\(error)"
                problems.append(
                    BundleDamage(
                        kind: .damagedFrame, byteOffset: place,
                        message: "suite totals of run \(run.index + 1): \(message)"))
                continue
            }
            let storedSuites = stored.suites
            let expected = expectedByRun[run.index] ?? []
            let agrees =
                storedSuites.count == expected.count && entries == directory.entries
                && entries - storedSuites.count <= directory.split
                && zip(storedSuites, expected).allSatisfy {
                    $0.place == $1.place && Self.sameCounts($0.totals, $1.totals)
                }
            guard !agrees else { continue }
            let wrong = zip(storedSuites, expected).first {
                $0.place != $1.place || !Self.sameCounts($0.totals, $1.totals)
            }
            let detail =
                wrong.map { stored, found in
                    stored.place == found.place
                        ? "suite \(found.place.name.isEmpty ? "(none)" : found.place.name): \(stored.totals.tests)"
                            + " tests, \(stored.totals.failed) failed listed, \(found.totals.tests) and"
                            + " \(found.totals.failed) found"
                        : "suite \(stored.place.name) listed where \(found.place.name) was found"
                }
                ?? "\(directory.entries) entries of \(storedSuites.count) suites listed, \(expected.count) suites found"
            problems.append(
                BundleDamage(
                    kind: .damagedIndex, byteOffset: place, message: "suite totals of run \(run.index + 1): \(detail)"))
        }
        return problems
    }
}
