import Foundation

extension RunHistory {
    /// Reads `url`. Only the newest `decodingNewest` runs get their statuses and durations (what the analysis of a
    /// window needs); older ones keep their facts, so a 100-run history of 100,000 tests stays small in memory.
    /// A damaged frame is skipped and a torn tail ignored, each noted in ``damage``: every complete run is read.
    ///
    /// - Throws: ``HistoryError`` `.missing` when there is no file (only `history add` creates one), `.notAHistory`,
    ///   `.newerMajorVersion`, `.tooLarge` (a table over ``HistoryLimits/maxKeys``) or `.io`.
    public static func read(_ url: URL, decodingNewest: Int = .max) throws -> RunHistory {
        try read(url, newest: decodingNewest)
    }

    /// Reads `url` with the newest `newest` runs decoded; `statusesOnly`: those get their statuses but no
    /// durations (a writer finding unused keys).
    static func read(_ url: URL, newest: Int, statusesOnly: Bool = false) throws -> RunHistory {
        guard let bytes = try HistoryFile.contents(of: url) else {
            throw HistoryError(
                .missing, "no history file there (history add creates one; check the path)", file: url.path)
        }
        return try read(bytes: bytes, file: url.path, newest: newest, statusesOnly: statusesOnly)
    }

    /// Reads a history from its bytes (`file` names it in messages).
    static func read(bytes: [UInt8], file: String, newest: Int = .max, statusesOnly: Bool = false) throws
        -> RunHistory
    {
        var history = RunHistory()
        if HistoryFile.isUnfinishedHeader(bytes) {
            // A first write that did not finish: nothing was ever in it.
            history.damage.append(
                HistoryDamage(
                    byteOffset: 0,
                    message: "holds only \(bytes.count) bytes of a history header (a first write that "
                        + "did not finish); read as an empty history"))
            return history
        }
        guard bytes.count >= HistoryFormat.headerSize, Array(bytes[0..<8]) == HistoryFormat.magic else {
            throw HistoryError(.notAHistory, "not a history file (no RBHISTRY header)", file: file)
        }
        let major = bytes.littleEndian(UInt16.self, at: 8)
        let minor = bytes.littleEndian(UInt16.self, at: 10)
        guard major <= HistoryFormat.major else {
            throw HistoryError(
                .newerMajorVersion,
                "history format \(major).\(minor); this resultbundle reads format \(HistoryFormat.major).x and "
                    + "older — upgrade resultbundle",
                file: file)
        }
        history.major = major
        // First the complete frames (header, length and checksum); then their content, knowing which runs are the
        // newest.
        let scan = HistoryFrameScanner.scan(bytes, major: major)
        history.damage = scan.damage
        history.validLength = scan.end
        let runFrameCount = scan.frames.filter { $0.type == HistoryFormat.FrameType.run.rawValue }.count
        var runNumber = 0
        for frame in scan.frames {
            let stored = bytes[frame.payloadRange]
            switch HistoryFormat.FrameType(rawValue: frame.type) {
            case .run:
                defer { runNumber += 1 }
                let decoding = runNumber >= runFrameCount - newest
                if !decoding, let (facts, count) = RunHistory.factsOnly(stored), facts.p95 != nil {
                    guard history.makeRoom(forRunOf: count, at: frame) else { continue }
                    history.runs.append(HistoryRun(facts: facts.cut(), statuses: [], durations: []))
                    history.runCount += 1
                } else {
                    // A facts line over the limit is found without inflating a payload of megabytes.
                    if let prefix = HistoryFormat.inflatePrefix(stored, limit: HistoryLimits.maxFactsLineBytes + 1),
                        prefix.count > HistoryLimits.maxFactsLineBytes, !prefix.contains(0x0A)
                    {
                        history.noteLongFacts(frame)
                        continue
                    }
                    guard let payload = HistoryFormat.inflate(stored, expected: frame.length) else {
                        history.noteUndecodable(frame, "a run frame")
                        continue
                    }
                    guard history.applyRun(payload, at: frame, decoding: decoding, durations: !statusesOnly) else {
                        continue
                    }
                }
                history.runFrames.append(frame.range)
            case .keys, .tests:
                guard let payload = HistoryFormat.inflate(stored, expected: frame.length) else {
                    history.noteUndecodable(frame, "a keys frame")
                    continue
                }
                guard try history.applyKeys(payload, type: frame.type, at: frame, file: file) else { continue }
                history.tableFrames.append(frame.range)
            case nil:
                continue  // a frame type of a newer minor version: skipped
            }
        }
        return history
    }

    /// Notes a frame whose checksum holds but whose payload does not inflate to its declared length.
    mutating func noteUndecodable(_ frame: HistoryFrame, _ what: String) {
        damage.append(
            HistoryDamage(
                byteOffset: frame.range.lowerBound,
                message: "\(what) whose payload does not decompress to its declared length; skipped"))
    }

    /// Notes a run frame whose facts line is over ``HistoryLimits/maxFactsLineBytes``.
    mutating func noteLongFacts(_ frame: HistoryFrame) {
        damage.append(
            HistoryDamage(
                byteOffset: frame.range.lowerBound,
                message: "a run's facts line is longer than the \(HistoryLimits.maxFactsLineBytes) bytes a history "
                    + "allows; skipped"))
    }

    /// The facts of a run frame's stored payload and how many tests it covers, inflating only its first 4 KiB
    /// (nil when that does not hold them: the whole payload is decoded then).
    static func factsOnly(_ stored: ArraySlice<UInt8>) -> (facts: HistoryRun.Facts, count: Int)? {
        guard let prefix = HistoryFormat.inflatePrefix(stored, limit: 4096),
            let newline = prefix.firstIndex(of: 0x0A), newline + 5 <= prefix.count,
            let facts = try? JSONDecoder().decode(HistoryRun.Facts.self, from: Data(prefix[..<newline]))
        else { return nil }
        return (facts, Int(prefix.littleEndian(UInt32.self, at: newline + 1)))
    }

    /// Whether a run covering `count` table entries can be placed: the table holds them, or a damaged frame was
    /// skipped before (a keys frame may have been lost), in which case the missing entries become placeholders.
    /// Otherwise the run is skipped and noted.
    mutating func makeRoom(forRunOf count: Int, at frame: HistoryFrame) -> Bool {
        if count <= keys.count { return true }
        let damageBefore = damage.contains { $0.byteOffset < frame.range.lowerBound }
        guard damageBefore, count <= HistoryLimits.maxKeys else {
            damage.append(
                HistoryDamage(
                    byteOffset: frame.range.lowerBound,
                    message: "a run frame covers \(count) tests but the table holds \(keys.count); skipped"))
            return false
        }
        addPlaceholders(upTo: count)
        return true
    }

    /// Fills the table up to `count` entries with placeholders for keys a damaged frame held.
    mutating func addPlaceholders(upTo count: Int) {
        while keys.count < count {
            unreadableKeys.insert(keys.count)
            // Short enough to be stored inline (no allocation per placeholder): a table may hold millions.
            keys.append("(lost #\(keys.count + 1))")
        }
    }

    /// Adds a keys frame's content (`K`: from its first position on; `T`, format 1.x: one key per line, at the
    /// end); `false` when it does not make sense (noted as damage).
    mutating func applyKeys(_ payload: [UInt8], type: UInt8, at frame: HistoryFrame, file: String) throws -> Bool {
        let first: Int
        let frameKeys: [String]
        if type == HistoryFormat.FrameType.tests.rawValue {
            // Counted before they are split: a frame of line feeds must not build millions of slices first.
            let breaks = payload.reduce(into: 0) { count, byte in count += byte == 0x0A ? 1 : 0 }
            try checkTableSize(keys.count + breaks + 1, file: file, at: frame)
            let lines = payload.split(separator: 0x0A, omittingEmptySubsequences: true)
            first = keys.count
            frameKeys = lines.map { String(decoding: $0, as: UTF8.self) }
        } else {
            guard let declared = HistoryKeyEncoding.declaredRange(payload) else {
                damage.append(
                    HistoryDamage(
                        byteOffset: frame.range.lowerBound, message: "a keys frame that does not decode; skipped"))
                return false
            }
            try checkTableSize(declared.upperBound, file: file, at: frame)
            guard let decoded = HistoryKeyEncoding.decode(payload) else {
                damage.append(
                    HistoryDamage(
                        byteOffset: frame.range.lowerBound, message: "a keys frame that does not decode; skipped"))
                return false
            }
            (first, frameKeys) = decoded
        }
        if first > keys.count { addPlaceholders(upTo: first) }
        positions.reserveCapacity(keys.count + frameKeys.count)
        keys.reserveCapacity(keys.count + frameKeys.count)
        for (offset, key) in frameKeys.enumerated() {
            let place = first + offset
            let hash = key.hashValue
            // A key already in the table (which a writer never repeats) keeps its place.
            guard index(of: key, hash: hash) == nil else { continue }
            if place < keys.count {
                // Only a placeholder's place is taken again (a run padded the table before this frame).
                guard unreadableKeys.remove(place) != nil else { continue }
                keys[place] = key
                if positions[hash] == nil { positions[hash] = place } else { collisions[key] = place }
            } else {
                append(key: key, hash: hash)
            }
        }
        return true
    }

    func checkTableSize(_ count: Int, file: String, at frame: HistoryFrame) throws {
        guard count <= HistoryLimits.maxKeys else {
            throw HistoryError(
                .tooLarge,
                "the history's test table holds more than \(HistoryLimits.maxKeys) tests, the most a history may "
                    + "hold; start a new history",
                file: file, byteOffset: Int64(frame.range.lowerBound))
        }
    }

    /// Adds a run frame's content: its facts, and its statuses and durations when `decoding` (else only the facts,
    /// with the 95th percentile computed when a format 1.0 run lacks it). `false` when it does not make sense
    /// (noted as damage).
    mutating func applyRun(
        _ payload: [UInt8], at frame: HistoryFrame, decoding: Bool, durations keepsDurations: Bool = true
    ) -> Bool {
        func skipped() -> Bool {
            damage.append(
                HistoryDamage(
                    byteOffset: frame.range.lowerBound, message: "a run frame that does not decode; skipped"))
            return false
        }
        guard let newline = payload.firstIndex(of: 0x0A) else { return skipped() }
        guard newline <= HistoryLimits.maxFactsLineBytes else {
            noteLongFacts(frame)
            return false
        }
        guard var facts = try? JSONDecoder().decode(HistoryRun.Facts.self, from: Data(payload[..<newline])) else {
            return skipped()
        }
        facts = facts.cut()
        var cursor = newline + 1
        guard cursor + 4 <= payload.count else { return skipped() }
        let count = Int(payload.littleEndian(UInt32.self, at: cursor))
        cursor += 4
        guard count <= payload.count - cursor else { return skipped() }
        guard makeRoom(forRunOf: count, at: frame) else { return false }
        if !decoding && facts.p95 != nil {
            runs.append(HistoryRun(facts: facts, statuses: [], durations: []))
            runCount += 1
            return true
        }
        let statuses = payload[cursor..<(cursor + count)].map { HistoryStatus(rawValue: $0) ?? .other }
        cursor += count
        if decoding && !keepsDurations && facts.p95 != nil {
            runs.append(HistoryRun(facts: facts, statuses: statuses, durations: []))
            runCount += 1
            return true
        }
        var durations = [UInt32](repeating: 0, count: count)
        for index in 0..<count {
            guard let value = payload.readVarint(at: &cursor), value <= UInt64(UInt32.max) else { return skipped() }
            durations[index] = UInt32(value)
        }
        if facts.p95 == nil { facts.p95 = HistoryRun.percentile95(durations) }
        runs.append(
            decoding
                ? HistoryRun(facts: facts, statuses: statuses, durations: durations)
                : HistoryRun(facts: facts, statuses: [], durations: []))
        runCount += 1
        return true
    }
}

extension HistoryRun.Facts {
    /// The facts with name, commit and branch cut to ``HistoryLimits/maxFactBytes``.
    func cut() -> Self {
        var facts = self
        facts.name = name.map { HistoryLimits.cut($0) }
        facts.commit = commit.map { HistoryLimits.cut($0) }
        facts.branch = branch.map { HistoryLimits.cut($0) }
        facts.diffHash = diffHash.map { HistoryLimits.cut($0) }
        facts.identity = identity.map { HistoryLimits.cut($0) }
        return facts
    }
}
