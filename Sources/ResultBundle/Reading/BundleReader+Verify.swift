import Foundation
import ResultModel

extension BundleReader {
    /// Reads every frame, every record and every blob, checking checksums, record syntax and blob hashes, and
    /// lists each damaged or missing object with its byte offset. Damage does not stop the check.
    /// - Complexity: O(file size) time; one record batch or one 1 MiB chunk in memory, and the totals of every suite
    ///   by its hash (to check the stored ones, format 1.9: about 140 bytes a suite).
    public func verify() throws -> VerificationReport {
        var report = VerificationReport(formatVersion: formatVersion.description, fileSize: source.size)
        var problems = damage.filter { $0.kind == .missingIndex || $0.kind == .damagedIndex }
        var presentBlobs = Set<String>()
        var damagedBlobs = Set<String>()
        var references: [String: Int64] = [:]
        var scannedFrames: [Int64] = []
        var scannedCoverageFrames: [Int64] = []
        var scannedTests = 0
        var scannedPositions = ScannedTestPositions()
        var scannedCauses = FailureCauseTally()
        var scannedSuites = ScannedSuiteTotals()
        var countedTotals = ResultTotals()
        var indexOffset: Int64?
        let indexFrameTests = Dictionary(
            index.recordFrames.map { ($0.offset, $0.testCount) }, uniquingKeysWith: { first, _ in first })

        func reference(_ blob: BlobReference?, from offset: Int64) {
            guard let blob else { return }
            let key = blob.sha256.lowercased()
            if references[key] == nil { references[key] = offset }
        }

        let scanDamage = try source.scan(from: Int64(FileHeader.size)) { frame in
            report.frameCount += 1
            switch frame.header.type {
            case .recordBatch:
                scannedFrames.append(frame.offset)
                let payload: [UInt8]
                do {
                    payload = try source.uncompressedPayload(frame)
                } catch let problem as BundleError {
                    let holding = indexFrameTests[frame.offset].map { ", holding \($0) tests" } ?? ""
                    problems.append(
                        BundleDamage(
                            kind: .damagedFrame, byteOffset: frame.offset,
                            message: "record batch\(holding): \(problem.message); its records cannot be read"))
                    return
                }
                report.recordBatchCount += 1
                RecordLines.forEachLine(in: payload) { range, line in
                    let record: RecordLine
                    do {
                        // Every byte is still checked; only what is kept of a long string is cut.
                        record = try RecordLineCodec.decode(
                            line, maxStringBytes: BundleLimits.display.maxDecodedStringBytes)
                    } catch {
                        problems.append(
                            BundleDamage(
                                kind: .unreadableRecord, byteOffset: frame.offset,
                                message: "record batch at byte \(frame.offset): the line at byte \(range.lowerBound) of"
                                    + " its payload is not a valid record (\(Self.describe(error)))"))
                        return
                    }
                    switch record {
                    case .run: report.runCount += 1
                    case .runEnd(_, let end): reference(end.output?.blob, from: frame.offset)
                    case .suite(let suite):
                        report.suiteCount += 1
                        reference(suite.output?.blob, from: frame.offset)
                    case .test(let test):
                        report.testCount += 1
                        scannedTests += 1
                        scannedPositions.add(
                            test, frameIndex: scannedFrames.count - 1, lineOffset: range.lowerBound)
                        countedTotals.add(test)
                        scannedCauses.add(test)
                        scannedSuites.add(test)
                        for attempt in test.attempts + test.cases.flatMap(\.attempts) {
                            reference(attempt.output?.blob, from: frame.offset)
                            for attachment in attempt.allAttachments { reference(attachment.blob, from: frame.offset) }
                        }
                    case .unknown: report.unknownRecordCount += 1
                    }
                }
            case .blob:
                let digest = hexDigest(try source.file.read(count: 32, at: frame.offset + Int64(FrameHeader.size)))
                do {
                    try streamBlob(at: frame.offset, expectedDigest: nil) { _ in }
                    if presentBlobs.insert(digest).inserted { report.blobCount += 1 }
                } catch let problem as BundleError {
                    damagedBlobs.insert(digest)
                    problems.append(
                        BundleDamage(
                            kind: .damagedBlob, byteOffset: frame.offset,
                            message: "blob \(digest): \(problem.message)"))
                }
            case .coverage:
                problems += CoverageDirectoryScan.verify(frame, from: source)
                scannedCoverageFrames.append(frame.offset)
            case .index, .largeIndex:
                indexOffset = frame.offset
            case .trailer, .indexDirectory, .testPositions, .suiteTotals:
                break
            case nil:
                report.unknownFrameCount += 1
            }
        }
        problems += scanDamage
        if let directory = index.directory { problems += verifyTestParts(of: directory) }
        for (digest, offset) in references where !presentBlobs.contains(digest) && !damagedBlobs.contains(digest) {
            if let entry = index.blobs[digest] {
                problems.append(
                    BundleDamage(
                        kind: .damagedBlob, byteOffset: entry.offset,
                        message:
                            "blob \(digest), referenced by a record in the batch at byte \(offset), is in the damaged"
                            + " frame at byte \(entry.offset)"))
                continue
            }
            problems.append(
                BundleDamage(
                    kind: .missingBlob, byteOffset: offset,
                    message:
                        "blob \(digest), referenced by a record in the batch at byte \(offset), is not in the bundle"))
        }
        if indexSource == .stored {
            // Stored totals (1.2) must count what the records hold (durations are sums, so within rounding).
            let totalsAgree = storedTotals.map { Self.sameCounts($0, countedTotals) } ?? true
            let agrees =
                index.recordFrames.map(\.offset) == scannedFrames && index.testCount == scannedTests
                && Set(index.blobs.keys) == presentBlobs.union(damagedBlobs) && totalsAgree
                && index.coverage.values.flatMap(\.frames).sorted() == scannedCoverageFrames
            if agrees {
                report.hasValidIndex = true
                problems += testPositionProblems(scannedPositions)
                problems += failureCauseProblems(scannedCauses)
                problems += suiteTotalsProblems(&scannedSuites)
            } else {
                problems.append(
                    BundleDamage(
                        kind: .damagedIndex, byteOffset: indexOffset ?? source.size,
                        message: "the index disagrees with the frames (\(index.recordFrames.count) record batches and"
                            + " \(index.testCount) tests indexed, \(scannedFrames.count) and \(scannedTests) found"
                            + (totalsAgree ? ")" : "; its totals are not what the tests add up to)")))
            }
        }
        report.problems = problems.sorted { ($0.byteOffset, $0.kind.rawValue) < ($1.byteOffset, $1.kind.rawValue) }
        for problem in report.problems { note(problem) }
        return report
    }

    /// Whether two totals count the same tests: equal counts, and durations equal within rounding.
    static func sameCounts(_ lhs: ResultTotals, _ rhs: ResultTotals) -> Bool {
        var left = lhs
        var right = rhs
        let close = abs(left.duration - right.duration) <= 1e-6 * max(1, abs(left.duration))
        left.duration = 0
        right.duration = 0
        // Totals stored before format 1.4 did not count parameterized tests.
        if left.parameterizedTests == nil || right.parameterizedTests == nil {
            left.parameterizedTests = nil
            right.parameterizedTests = nil
        }
        return left == right && close
    }
}
