import ResultModel

/// The inflated payload of a coverage frame (docs/FORMAT.md, "Coverage"): a fixed header, a table of the frame's
/// files (path, totals, body length), then the bodies in table order. The table comes first so that listing a
/// run's files and totals reads no line of any file.
enum CoverageFrameLayout {
    static let magic: [UInt8] = Array("RBCV".utf8)
    static let layoutVersion: UInt32 = 1
    /// Magic, layout version, run index, file count, table length.
    static let headerSize = 20
    /// The uncompressed size a writer fills a frame to before starting the next (compresses within a few percent
    /// of one stream, and reading one file inflates no more than this).
    static let targetPayloadBytes = 1 << 20

    /// One file of a frame's table.
    struct Entry {
        var path: String
        var totals: CoverageTotals
        /// Where the file's body starts in the payload, and its length.
        var bodyStart: Int
        var bodyLength: Int
    }

    /// A frame's run and table, read from its payload.
    struct Table {
        var runIndex: Int
        var entries: [Entry]
    }

    /// Reads the header and table of `payload`, checking every size against the payload.
    static func readTable(_ payload: [UInt8]) throws -> Table {
        guard payload.count >= headerSize, Array(payload[0..<4]) == magic else {
            throw BundleError(.damaged, "coverage frame: bad magic")
        }
        let version = payload.readLittleEndian(UInt32.self, at: 4)
        guard version == layoutVersion else {
            throw BundleError(.damaged, "coverage frame: unknown layout \(version)")
        }
        let runIndex = Int(payload.readLittleEndian(UInt32.self, at: 8))
        let fileCount = Int(payload.readLittleEndian(UInt32.self, at: 12))
        let tableLength = Int(payload.readLittleEndian(UInt32.self, at: 16))
        guard tableLength <= payload.count - headerSize, fileCount <= tableLength else {
            throw BundleError(
                .damaged, "coverage frame: a table of \(tableLength) bytes for \(fileCount) files does not fit")
        }
        let tableEnd = headerSize + tableLength
        var reader = CoverageByteReader(payload, from: headerSize, to: tableEnd, what: "coverage table")
        var entries: [Entry] = []
        entries.reserveCapacity(fileCount)
        var bodyStart = tableEnd
        for _ in 0..<fileCount {
            let pathLength = try reader.count(atMost: tableLength, "path length")
            let path = try reader.text(count: pathLength)
            var totals = CoverageTotals()
            totals.linesFound = try reader.count(atMost: Int.max, "lines found")
            totals.linesHit = try reader.count(atMost: Int.max, "lines hit")
            totals.functionsFound = try reader.count(atMost: Int.max, "functions found")
            totals.functionsHit = try reader.count(atMost: Int.max, "functions hit")
            totals.branchesFound = try reader.count(atMost: Int.max, "branches found")
            totals.branchesHit = try reader.count(atMost: Int.max, "branches hit")
            let bodyLength = try reader.count(atMost: payload.count - bodyStart, "body length")
            entries.append(Entry(path: path, totals: totals, bodyStart: bodyStart, bodyLength: bodyLength))
            bodyStart += bodyLength
        }
        guard reader.isAtEnd else { throw reader.failure("the table holds more than its \(fileCount) files") }
        guard bodyStart == payload.count else {
            throw BundleError(
                .damaged, "coverage frame: the bodies end at byte \(bodyStart), the payload at \(payload.count)")
        }
        return Table(runIndex: runIndex, entries: entries)
    }

    /// Decodes the body of `entry` in `payload`.
    static func readFile(_ entry: Entry, in payload: [UInt8]) throws -> SourceFileCoverage {
        var reader = CoverageByteReader(
            payload, from: entry.bodyStart, to: entry.bodyStart + entry.bodyLength, what: "coverage of \(entry.path)")
        let file = try CoverageFileCoding.readBody(path: entry.path, from: &reader)
        guard reader.isAtEnd else { throw reader.failure("bytes are left after the file's coverage") }
        return file
    }
}

/// Collects the files of one coverage frame as they are added, and lays out its payload.
struct CoverageFrameBuilder {
    let runIndex: Int
    private(set) var fileCount = 0
    private(set) var totals = CoverageTotals()
    private var table: [UInt8] = []
    private var bodies: [UInt8] = []

    init(runIndex: Int) { self.runIndex = runIndex }

    /// The payload's size so far.
    var payloadSize: Int { CoverageFrameLayout.headerSize + table.count + bodies.count }

    /// Adds a file, which keeps to its order.
    mutating func add(_ file: SourceFileCoverage) {
        let fileTotals = file.totals
        let bodyStart = bodies.count
        CoverageFileCoding.appendBody(of: file, to: &bodies)
        CoverageVarint.append(UInt64(file.path.utf8.count), to: &table)
        table.append(contentsOf: file.path.utf8)
        for value in [
            fileTotals.linesFound, fileTotals.linesHit, fileTotals.functionsFound, fileTotals.functionsHit,
            fileTotals.branchesFound, fileTotals.branchesHit,
        ] {
            CoverageVarint.append(UInt64(value), to: &table)
        }
        CoverageVarint.append(UInt64(bodies.count - bodyStart), to: &table)
        totals.add(totalsOf: fileTotals)
        fileCount += 1
    }

    /// The frame's payload, uncompressed.
    func payload() -> [UInt8] {
        var bytes = CoverageFrameLayout.magic
        bytes.reserveCapacity(payloadSize)
        bytes.appendLittleEndian(CoverageFrameLayout.layoutVersion)
        bytes.appendLittleEndian(UInt32(runIndex))
        bytes.appendLittleEndian(UInt32(fileCount))
        bytes.appendLittleEndian(UInt32(table.count))
        bytes.append(contentsOf: table)
        bytes.append(contentsOf: bodies)
        return bytes
    }
}

extension CoverageTotals {
    /// Adds another file's or run's totals.
    mutating func add(totalsOf other: CoverageTotals) {
        linesFound += other.linesFound
        linesHit += other.linesHit
        functionsFound += other.functionsFound
        functionsHit += other.functionsHit
        branchesFound += other.branchesFound
        branchesHit += other.branchesHit
    }
}
