import ResultModel

/// Where a run's coverage is (format 1.6): its coverage frames in file order, how many files they hold and the
/// run's totals. The index's run list holds it under `coverage`; a scan rebuilds it from the frames.
struct RunCoverageDirectory: Equatable {
    /// The number of files in the run's coverage frames.
    var files: Int
    /// The offsets of the run's coverage frames, in file order.
    var frames: [Int64]
    /// The run's totals over all its files.
    var totals: CoverageTotals
}

/// Rebuilding and checking coverage directories from the frames themselves.
enum CoverageDirectoryScan {
    /// Adds the coverage frame `frame` to its run's directory in `index`; damage when it cannot be read.
    static func add(_ frame: FrameSource.CheckedFrame, from source: FrameSource, to index: inout BundleIndex)
        -> [BundleDamage]
    {
        do {
            let table = try CoverageFrameLayout.readTable(try source.uncompressedPayload(frame))
            var directory =
                index.coverage[table.runIndex] ?? RunCoverageDirectory(files: 0, frames: [], totals: CoverageTotals())
            directory.files += table.entries.count
            directory.frames.append(frame.offset)
            for entry in table.entries { directory.totals.add(totalsOf: entry.totals) }
            index.coverage[table.runIndex] = directory
            return []
        } catch {
            return [damage(frame.offset, error)]
        }
    }

    /// Every file of the coverage frame `frame` decoded, as `verify` does; damage for what cannot be.
    static func verify(_ frame: FrameSource.CheckedFrame, from source: FrameSource) -> [BundleDamage] {
        do {
            let payload = try source.uncompressedPayload(frame)
            let table = try CoverageFrameLayout.readTable(payload)
            var problems: [BundleDamage] = []
            for entry in table.entries {
                do {
                    let file = try CoverageFrameLayout.readFile(entry, in: payload)
                    if file.totals != entry.totals {
                        problems.append(
                            BundleDamage(
                                kind: .damagedFrame, byteOffset: frame.offset,
                                message: "coverage frame at byte \(frame.offset): the totals listed for \(entry.path)"
                                    + " differ from its lines"))
                    }
                } catch {
                    problems.append(damage(frame.offset, error))
                }
            }
            return problems
        } catch {
            return [damage(frame.offset, error)]
        }
    }

    static func damage(_ offset: Int64, _ error: any Error) -> BundleDamage {
        let message = (error as? BundleError)?.message ?? "\(error)"
        return BundleDamage(
            kind: .damagedFrame, byteOffset: offset,
            message: "coverage frame at byte \(offset): \(message); its coverage is skipped")
    }
}
