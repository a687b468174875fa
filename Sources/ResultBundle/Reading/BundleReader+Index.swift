import Foundation
import ResultModel

extension BundleReader {
    /// The outcome of looking for the stored index.
    enum StoredIndex {
        case loaded(BundleIndex)
        case unusable(BundleDamage)
    }

    /// Reads the trailer at the end of the file and the index it points at, checking both.
    static func loadStoredIndex(_ source: FrameSource, streamingIndexesOver threshold: Int = streamedIndexThreshold)
        -> StoredIndex
    {
        let trailerOffset = source.size - Int64(Trailer.frameSize)
        func damaged(_ message: String, at offset: Int64) -> StoredIndex {
            .unusable(
                BundleDamage(
                    kind: .damagedIndex, byteOffset: offset,
                    message: "\(message); the index was rebuilt by scanning the bundle"))
        }
        guard trailerOffset >= Int64(FileHeader.size),
            let trailer = try? source.checkedFrame(at: trailerOffset),
            trailer.header.type == .trailer, let payload = trailer.payload, payload.count == Trailer.payloadSize,
            Array(payload[8..<16]) == Trailer.magic
        else {
            return .unusable(
                BundleDamage(
                    kind: .missingIndex, byteOffset: source.size,
                    message:
                        "the bundle has no index (its writer did not close it); the index was rebuilt by scanning the bundle"
                ))
        }
        let indexOffset = Int64(bitPattern: payload.readLittleEndian(UInt64.self, at: 0))
        guard indexOffset >= Int64(FileHeader.size), indexOffset < trailerOffset else {
            return damaged("the trailer points at byte \(indexOffset), outside the file", at: trailerOffset)
        }
        if let index = try? loadPartedIndex(source, indexOffset: indexOffset, trailerOffset: trailerOffset) {
            return .loaded(index)
        }
        do {
            let indexHeader = try source.header(at: indexOffset)
            if indexHeader.isCompressed, Int(indexHeader.uncompressedLength) > threshold,
                indexHeader.type == .index || indexHeader.type == .largeIndex,
                indexOffset + indexHeader.frameSize == trailerOffset
            {
                let index = try loadStreamedIndex(source, frameAt: indexOffset, header: indexHeader)
                guard index.pointsInside(indexOffset: indexOffset) else {
                    return damaged("the index points outside the bundle's frames", at: indexOffset)
                }
                return .loaded(index)
            }
            let frame = try source.checkedFrame(at: indexOffset)
            guard frame.header.type == .index || frame.header.type == .largeIndex, frame.end == trailerOffset else {
                return damaged("the trailer does not point at the index frame", at: trailerOffset)
            }
            let index = try BundleIndex.decode(try source.uncompressedPayload(frame), loadingTests: false)
            guard index.pointsInside(indexOffset: indexOffset) else {
                return damaged("the index points outside the bundle's frames", at: indexOffset)
            }
            return .loaded(index)
        } catch {
            return damaged("index: \((error as? BundleError)?.message ?? "\(error)")", at: indexOffset)
        }
    }

    /// Rebuilds the index by scanning every frame, returning the damage found on the way.
    /// - Complexity: O(file size); one frame in memory at a time.
    static func rebuildIndex(_ source: FrameSource, into index: inout BundleIndex) throws -> [BundleDamage] {
        var damage: [BundleDamage] = []
        var runs: [Int: RunResult] = [:]
        var scanDamage = try source.scan(from: Int64(FileHeader.size)) { frame in
            switch frame.header.type {
            case .recordBatch:
                let payload: [UInt8]
                do {
                    payload = try source.uncompressedPayload(frame)
                } catch let problem as BundleError {
                    damage.append(
                        BundleDamage(
                            kind: .damagedFrame, byteOffset: frame.offset,
                            message: "record batch: \(problem.message); its records are skipped"))
                    return
                }
                var entry = BundleIndex.RecordFrame(offset: frame.offset, lineCount: 0, testCount: 0, suiteCount: 0)
                let frameIndex = UInt32(index.recordFrames.count)
                RecordLines.forEachLine(in: payload) { range, line in
                    entry.lineCount += 1
                    guard let head = try? RecordLineCodec.decodeHead(line) else {
                        damage.append(unreadable(frame.offset, range))
                        return
                    }
                    switch RecordLine.Kind(rawValue: head.kind) {
                    case .test:
                        guard let identity = head.identity else {
                            damage.append(unreadable(frame.offset, range))
                            return
                        }
                        entry.testCount += 1
                        index.tests.append(
                            BundleIndex.TestEntry(
                                idHash: BundleIndex.hash(identity), frameIndex: frameIndex,
                                lineOffset: UInt32(range.lowerBound)))
                    case .suite:
                        entry.suiteCount += 1
                    case .run, .runEnd:
                        switch try? RecordLineCodec.decode(line) {
                        case .run(let runIndex, let record):
                            runs[runIndex] = RunResult(index: runIndex, record: record, end: runs[runIndex]?.end)
                        case .runEnd(let runIndex, let end):
                            runs[runIndex]?.end = end
                        default:
                            damage.append(unreadable(frame.offset, range))
                        }
                    case nil:
                        break  // a kind from a newer minor version
                    }
                }
                index.recordFrames.append(entry)
            case .blob:
                let digest = try source.file.read(count: 32, at: frame.offset + Int64(FrameHeader.size))
                guard digest.count == 32 else { return }
                let hex = hexDigest(digest)
                if index.blobs[hex] == nil {
                    index.blobs[hex] = BundleIndex.BlobEntry(
                        digest: digest, offset: frame.offset, size: UInt64(frame.header.uncompressedLength))
                }
            case .coverage:
                damage += CoverageDirectoryScan.add(frame, from: source, to: &index)
            case .index, .largeIndex, .indexDirectory, .trailer, .testPositions, .suiteTotals, nil:
                break
            }
            index.dataEnd = frame.end
        }
        index.runs = runs.keys.sorted().compactMap { runs[$0] }
        index.sortForLookup()
        scanDamage += damage
        return scanDamage.sorted { $0.byteOffset < $1.byteOffset }
    }

    private static func unreadable(_ frameOffset: Int64, _ range: Range<Int>) -> BundleDamage {
        BundleDamage(
            kind: .unreadableRecord, byteOffset: frameOffset,
            message: "record batch at byte \(frameOffset): the line at byte \(range.lowerBound) of its payload is not"
                + " a valid record; the line is skipped")
    }
}
