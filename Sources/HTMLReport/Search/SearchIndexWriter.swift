import Foundation
import ResultModel

/// Writes the search data of the index page (`Templates/search.js`), sharded so that a query loads only what it
/// needs, as script files that call `window.RBS` (browsers block `fetch` under `file://`):
///
/// - `search/t-<key>.js`, the *term shards*: for each term (``SearchTerms``) of tests' names, suites, modules, runs
///   and file paths whose first two characters make `<key>`, the ids of the tests that have it (``SearchPostings``),
///   whole words and parts apart: `RBS.t("te",[{"testcase12":"…"},{"test":"…"}],…)`, one pair of objects per
///   chunk (see below), chunks in id order. A shard that would grow past ``shardLimit`` is split as its terms are
///   spilled: from then on its longer terms go to the shards of their first three characters (`t-tes.js`), and so
///   on deeper while those grow too big, so that no query loads one shard that holds every name (every XCTest name
///   starts with `test`).
/// - `search/r-<n>.js`, the *record shards*: what a result shows for tests `n*blockSize ..< (n+1)*blockSize`:
///   `RBS.r(n,[[group, identityPrefix],…],[element,…])`. Each record is the test's name coded against the previous
///   name of the block: two digits (UTF-16 units shared with it at the start and at the end), the length of the
///   middle as a ``SearchPostings`` number, and the middle. An element is a number (the group of the records that
///   follow), a string (a run of records), or `[record, page, raw name]` for a test with a page of its own or an
///   identity name other than the name shown. The script links a test without a page to the row that shows it
///   (``TestSummary/href``), computing its anchor (``ReportPaths/anchor(hash:)``) from the group's identity prefix
///   and the name, so no record carries a link.
/// - `search/status.js`: the ids of every test that did not pass, by status: `RBS.s({"failed":"…",…})`; when the
///   report knows flakiness (``knowsFlakiness``, from a history), then the ids of the flaky tests: `RBS.f("…")`.
///
/// Ids are the tests' positions in the report, as in the all-tests list. Strings are JSON-escaped for a script
/// (`<` escaped too). Records are written as each block fills; term postings are kept in memory until they hold
/// ``termLimit`` terms and then spilled to a scratch file in chunks, so memory stays flat whatever the run's size.
struct SearchIndexWriter {
    let files: ReportFileWriter
    /// Tests per record shard.
    let blockSize: Int
    /// Distinct terms held in memory before a chunk of every shard is spilled.
    let termLimit: Int
    /// The most bytes of term shards written in one file per first character instead of per first two.
    let smallIndexBytes: Int
    /// The most bytes of chunks a term shard gathers before its longer terms go one character deeper.
    let shardLimit: Int
    /// The most characters of a shard's key: terms that share a longer start stay together.
    static let deepestShardKey = 24

    private let spill: RowSpill
    private var table = SearchTermTable()
    private var spilledChunks: [String: [RowSpill.Piece]] = [:]
    private var spilledBytes = 0
    /// The bytes spilled so far for each shard, and the shards split deeper (their longer terms go to deeper keys).
    private var shardBytes: [String: Int] = [:]
    private var splitKeys: Set<String> = []
    /// The slots of the terms of the current group (`run › module › suite`), found once per group.
    private var groupSlots: (key: String, slots: [Int])?
    /// The slots of the words of recent causes' signatures, so the many failures of one cause are found by its words
    /// without reading them again; emptied when the terms are spilled, and past ``causeSlotLimit`` causes.
    private var causeSlots: [FailureSignature: [Int]] = [:]
    private let causeSlotLimit = 512
    private var statuses: [String: SearchPostings] = [:]
    private var flaky = SearchPostings()
    /// Whether the tests added say whether they are flaky (the report has a history): `status.js` then lists them.
    var knowsFlakiness = false

    private var records = OutputBuffer()
    private var recordGroups = OutputBuffer()
    private var groupsInBlock: [String: Int] = [:]
    private var currentGroup = -1
    private var currentGroupKey = ""
    private var previousName: [UInt16] = []
    private var recordsInBlock = 0
    /// The elements of the block's list so far, and whether the last is a run of plain records still open.
    private var elementsInBlock = 0
    private var isInRun = false
    /// The number of tests added.
    private(set) var testCount = 0

    init(
        files: ReportFileWriter, blockSize: Int = 4000, termLimit: Int = 50_000, smallIndexBytes: Int = 256 << 10,
        shardLimit: Int = 512 << 10
    ) throws {
        self.files = files
        self.smallIndexBytes = smallIndexBytes
        self.shardLimit = max(1, shardLimit)
        self.blockSize = max(1, blockSize)
        self.termLimit = max(1, termLimit)
        spill = try RowSpill(in: files.root, name: ".search-terms.spill")
    }

    /// Adds `test` (shown as `summary`, in run `runKey`), with the file paths it is found by and further texts that
    /// find it (its tags and properties); a failed test is found by the words of its cause's signature too.
    /// `isFlaky`: the history finds the test flaky.
    mutating func add(
        _ summary: TestSummary, identity: TestIdentity, runKey: Int, paths: [String], texts: [String] = [],
        cause: FailureSignature? = nil, isFlaky: Bool = false
    ) throws {
        let id = testCount
        testCount += 1
        if summary.status != .passed {
            statuses[summary.status.rawValue, default: SearchPostings()].add(id)
        }
        if isFlaky { flaky.add(id) }
        addTerms(of: summary, identity: identity, runKey: runKey, paths: texts.isEmpty ? paths : paths + texts, id: id)
        if let cause { addCauseTerms(cause, id: id) }
        try addRecord(summary, identity: identity, runKey: runKey)
        if table.count >= termLimit { try spillTerms() }
    }

    /// Writes the last record shard, the term shards and the statuses; returns the term shards' keys, sorted.
    mutating func finish() throws -> [String] {
        defer { spill.remove() }
        if recordsInBlock > 0 { try writeRecordBlock() }
        try spillTerms()
        var statusScript = OutputBuffer()
        statusScript.append("RBS.s({")
        for (number, status) in statuses.keys.sorted().enumerated() {
            if number > 0 { statusScript.append(",") }
            statusScript.appendJSONString(status)
            statusScript.append(":\"")
            var postings = statuses[status] ?? SearchPostings()
            statusScript.appendTrusted(String(decoding: postings.finish(), as: UTF8.self))
            statusScript.append("\"")
        }
        statusScript.append("});\n")
        if knowsFlakiness {
            statusScript.append("RBS.f(\"")
            statusScript.appendTrusted(String(decoding: flaky.finish(), as: UTF8.self))
            statusScript.append("\");\n")
        }
        try files.write(statusScript, to: "search/status.js")
        // A small index is written in one shard per first character: fewer files, each still small.
        var shards = spilledChunks
        if spilledBytes <= smallIndexBytes {
            shards = Dictionary(grouping: spilledChunks, by: { Self.firstPart(of: $0.key) })
                .mapValues { $0.sorted { $0.key < $1.key }.flatMap(\.value) }
        }
        let keys = shards.keys.sorted()
        for key in keys {
            let chunks = shards[key] ?? []
            try files.write(to: "search/t-\(key).js") { append in
                try Array("RBS.t(\"\(key)\"".utf8).withUnsafeBytes { try append($0) }
                for chunk in chunks {
                    try Array(",".utf8).withUnsafeBytes { try append($0) }
                    try spill.read(chunk, append)
                }
                try Array(");\n".utf8).withUnsafeBytes { try append($0) }
            }
        }
        return keys
    }

    // MARK: Terms

    private mutating func addTerms(
        of summary: TestSummary, identity: TestIdentity, runKey: Int, paths: [String], id: Int
    ) {
        if groupSlots?.key != summary.groupKey {
            var found: [Int] = []
            var texts = identity.suites
            if let module = identity.module { texts.append(module) }
            texts.append(summary.groupKey)
            for text in texts {
                SearchTerms.forEachTermBytes(in: text) { term, kind in found.append(table.slot(term, kind: kind)) }
            }
            groupSlots = (summary.groupKey, found)
        }
        for slot in groupSlots?.slots ?? [] { table.postings[slot].add(id) }
        SearchTerms.forEachTermBytes(in: summary.name) { term, kind in
            table.postings[table.slot(term, kind: kind)].add(id)
        }
        for path in paths {
            SearchTerms.forEachTermBytes(in: path) { term, kind in table.postings[table.slot(term, kind: kind)].add(id)
            }
        }
    }

    /// Adds the words of `cause`'s signature text, its placeholders (`<n>`, `…`) left out: they stand for the values
    /// that differ from test to test, which the signature does not keep.
    private mutating func addCauseTerms(_ cause: FailureSignature, id: Int) {
        if causeSlots[cause] == nil {
            if causeSlots.count >= causeSlotLimit { causeSlots.removeAll() }
            var text = cause.text
            for placeholder in FailureMessageNormalizer.placeholders {
                text = text.replacingOccurrences(of: placeholder, with: " ")
            }
            var found: [Int] = []
            SearchTerms.forEachTermBytes(in: text) { term, kind in found.append(table.slot(term, kind: kind)) }
            causeSlots[cause] = found
        }
        for slot in causeSlots[cause] ?? [] { table.postings[slot].add(id) }
    }

    /// Spills one chunk per shard: `[{word terms},{part terms}]`, and forgets the terms. A shard this chunk would
    /// take past ``shardLimit`` is split first: its terms longer than its key go to the key of one more character
    /// (``splitKeys``), again while a deeper chunk is too big itself.
    private mutating func spillTerms() throws {
        guard table.count > 0 else { return }
        var terms: [String] = []
        var ids: [[UInt8]] = []
        terms.reserveCapacity(table.count)
        ids.reserveCapacity(table.count)
        var shards: [String: (depth: Int, members: [Int])] = [:]
        for index in 0..<table.count {
            let term = table.term(index)
            terms.append(term)
            ids.append(table.postings[index].finish())
            let (key, depth) = shardKey(of: term)
            shards[key, default: (depth, [])].members.append(index)
        }
        var unchecked = Array(shards.keys)
        // A split whose terms all go on to one deeper shard (they share more characters: `testcompress…`) splits
        // that one too, so that a shard is not filled and split again at every character of a common start.
        var splitAnyway: Set<String> = []
        while let key = unchecked.popLast() {
            guard let (depth, members) = shards[key], depth < Self.deepestShardKey else { continue }
            let bytes = members.reduce(shardBytes[key] ?? 0) { $0 + terms[$1].utf8.count + ids[$1].count + 6 }
            guard bytes > shardLimit || splitAnyway.contains(key) else { continue }
            splitKeys.insert(key)
            var kept: [Int] = []
            var deeperKeys: Set<String> = []
            for member in members {
                guard terms[member].unicodeScalars.count > depth else {
                    kept.append(member)
                    continue
                }
                let deeper = SearchTerms.shardKey(terms[member], depth: depth + 1)
                if deeperKeys.insert(deeper).inserted { unchecked.append(deeper) }
                shards[deeper, default: (depth + 1, [])].members.append(member)
            }
            if kept.isEmpty, deeperKeys.count == 1, let only = deeperKeys.first { splitAnyway.insert(only) }
            shards[key] = kept.isEmpty ? nil : (depth, kept)
        }
        for (key, shard) in shards {
            var words = OutputBuffer()
            var parts = OutputBuffer()
            for member in shard.members {
                // Appended in place: a copy of a growing buffer per term would cost the square of its size.
                if table.kinds[member] == .word {
                    Self.appendEntry(terms[member], ids[member], to: &words)
                } else {
                    Self.appendEntry(terms[member], ids[member], to: &parts)
                }
            }
            var text = OutputBuffer()
            text.append("[")
            text.append(words)
            text.append(words.isEmpty ? "{}," : "},")
            text.append(parts)
            text.append(parts.isEmpty ? "{}]" : "}]")
            let piece = try text.bytes.withUnsafeBytes { try spill.append($0) }
            spilledBytes += piece.count
            shardBytes[key, default: 0] += piece.count
            spilledChunks[key, default: []].append(piece)
        }
        table.removeAll()
        groupSlots = nil
        causeSlots.removeAll()
    }

    /// The shard `term` goes to and its key's number of characters: its first two characters' (one for a term of
    /// one), or one more for each split shard on the way.
    private func shardKey(of term: String) -> (key: String, depth: Int) {
        var key = SearchTerms.shardKey(term)
        var depth = 2
        guard splitKeys.contains(key) else { return (key, depth) }
        for scalar in term.unicodeScalars.dropFirst(2) {
            guard splitKeys.contains(key), depth < Self.deepestShardKey else { break }
            key += SearchTerms.shardKey(String(scalar), depth: 1)
            depth += 1
        }
        return (key, depth)
    }

    /// Appends `"term":"ids"` to an object being built (`{` first).
    private static func appendEntry(_ term: String, _ ids: [UInt8], to object: inout OutputBuffer) {
        object.append(object.isEmpty ? "{" : ",")
        object.appendJSONString(term)
        object.append(":\"")
        object.appendTrusted(String(decoding: ids, as: UTF8.self))
        object.append("\"")
    }

    // MARK: Records

    private mutating func addRecord(_ summary: TestSummary, identity: TestIdentity, runKey: Int) throws {
        if recordsInBlock == 0 {
            recordGroups.removeAll()
            groupsInBlock.removeAll(keepingCapacity: true)
            currentGroup = -1
            previousName = []
            elementsInBlock = 0
        }
        let group: Int
        if currentGroup >= 0, summary.groupKey == currentGroupKey {
            group = currentGroup
        } else if let known = groupsInBlock[summary.groupKey] {
            group = known
        } else {
            group = groupsInBlock.count
            groupsInBlock[summary.groupKey] = group
            recordGroups.append(group == 0 ? "[" : ",[")
            recordGroups.appendJSONString(summary.groupKey)
            recordGroups.append(",")
            recordGroups.appendJSONString(Self.identityPrefix(identity, runKey: runKey))
            recordGroups.append("]")
        }
        if group != currentGroup {
            startElement()
            records.appendDecimal(group)
            currentGroup = group
            currentGroupKey = summary.groupKey
        }
        if summary.pagePath != nil || identity.name != summary.name {
            startElement()
            records.append("[\"")
            appendCodedName(summary.name)
            records.append("\",\"")
            if let page = summary.pagePath { records.appendTrusted(page) }
            records.append("\",")
            records.appendJSONString(identity.name == summary.name ? "" : identity.name)
            records.append("]")
        } else {
            if !isInRun {
                startElement()
                records.append("\"")
                isInRun = true
            }
            appendCodedName(summary.name)
        }
        recordsInBlock += 1
        if recordsInBlock == blockSize { try writeRecordBlock() }
    }

    /// Starts an element of the block's list: closes a run of plain records, adds a comma.
    private mutating func startElement() {
        if isInRun {
            records.append("\"")
            isInRun = false
        }
        if elementsInBlock > 0 { records.append(",") }
        elementsInBlock += 1
    }

    /// The name coded against the previous one, inside a JSON string: two digits (UTF-16 units shared with the
    /// previous name at the start and at the end, at most 63 each), the length of the middle (a
    /// ``SearchPostings`` number) and the middle, never splitting a surrogate pair. ASCII names (most) are compared
    /// as bytes.
    private mutating func appendCodedName(_ text: String) {
        var text = text
        let isASCII = text.withUTF8 { utf8 in
            guard !utf8.contains(where: { $0 >= 0x80 }) else { return false }
            let previous = previousName
            var start = 0
            while start < min(63, utf8.count, previous.count), UInt16(utf8[start]) == previous[start] { start += 1 }
            var end = 0
            while end < min(63, utf8.count - start, previous.count - start),
                UInt16(utf8[utf8.count - 1 - end]) == previous[previous.count - 1 - end]
            {
                end += 1
            }
            appendCodeDigits(start: start, end: end, middle: utf8.count - start - end)
            records.appendJSONStringContent(UnsafeBufferPointer(rebasing: utf8[start..<(utf8.count - end)]))
            previousName.removeAll(keepingCapacity: true)
            previousName.append(contentsOf: utf8.lazy.map(UInt16.init))
            return true
        }
        if !isASCII { appendCodedUnicodeName(Array(text.utf16)) }
    }

    private mutating func appendCodedUnicodeName(_ name: [UInt16]) {
        let previous = previousName
        var start = 0
        while start < min(63, name.count, previous.count), name[start] == previous[start] { start += 1 }
        if start > 0, start < name.count, UTF16.isTrailSurrogate(name[start]) { start -= 1 }
        var end = 0
        while end < min(63, name.count - start, previous.count - start),
            name[name.count - 1 - end] == previous[previous.count - 1 - end]
        {
            end += 1
        }
        if end > 0, end < name.count - start, UTF16.isTrailSurrogate(name[name.count - end]) { end -= 1 }
        appendCodeDigits(start: start, end: end, middle: name.count - start - end)
        var middle = String(decoding: name[start..<(name.count - end)], as: UTF16.self)
        middle.withUTF8 { records.appendJSONStringContent($0) }
        previousName = name
    }

    private mutating func appendCodeDigits(start: Int, end: Int, middle: Int) {
        var digits: [UInt8] = [SearchPostings.alphabet[start], SearchPostings.alphabet[end]]
        SearchPostings.appendNumber(middle, to: &digits)
        var text = String(decoding: digits, as: UTF8.self)
        text.withUTF8 { records.appendJSONStringContent($0) }
    }

    private mutating func writeRecordBlock() throws {
        let block = (testCount - 1) / blockSize
        var script = OutputBuffer(capacity: records.count + recordGroups.count + 16)
        script.append("RBS.r(")
        script.appendDecimal(block)
        script.append(",[")
        script.append(recordGroups)
        script.append("],[")
        if isInRun {
            records.append("\"")
            isInRun = false
        }
        script.append(records)
        script.append("]);\n")
        try files.write(script, to: "search/r-\(block).js")
        records.removeAll()
        recordsInBlock = 0
    }

    /// The part of a shard key from a term's first character (`t` of `te`, `_fc_` of `_fc_b`).
    static func firstPart(of key: String) -> String {
        guard key.hasPrefix("_"), let end = key.dropFirst().firstIndex(of: "_") else { return String(key.prefix(1)) }
        return String(key[...end])
    }

    /// What ``ReportPaths/testHash(_:runIndex:)`` hashes before the test's name.
    static func identityPrefix(_ identity: TestIdentity, runKey: Int) -> String {
        var prefix = runKey == 0 ? "" : "\(runKey)/"
        if let module = identity.module { prefix += module + "/" }
        for suite in identity.suites { prefix += suite + "/" }
        return prefix
    }
}
