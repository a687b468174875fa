import ResultModel

/// One source file's coverage as the bytes of the coverage section (docs/FORMAT.md, "Coverage"): line numbers as
/// stretches of consecutive lines (the gap before each, its length), counts run-length coded (a count and how
/// many lines in a row have it), then branches, functions and regions, each line number as the step from the one
/// before. Sorted values make every step small and most counts repeat, so the bytes are few and deflate well.
enum CoverageFileCoding {
    /// The most lines one file may have (16 bytes each in memory, 64 MiB): a few bytes of run-length code could
    /// otherwise claim four billion lines. The writer refuses a file over it, the reader calls one damage.
    static let maxLinesPerFile = 1 << 22

    /// Appends the body of `file` (everything but its path and totals, which the frame's table holds).
    /// The file must keep to its order (``ResultModel/SourceFileCoverage/checkInvariants()``).
    static func appendBody(of file: SourceFileCoverage, to bytes: inout [UInt8]) {
        appendLines(file.lines, to: &bytes)
        CoverageVarint.append(UInt64(file.branches.count), to: &bytes)
        var previous: UInt32 = 0
        for branch in file.branches {
            CoverageVarint.append(UInt64(branch.line - previous), to: &bytes)
            CoverageVarint.append(UInt64(branch.found), to: &bytes)
            CoverageVarint.append(UInt64(branch.hit), to: &bytes)
            previous = branch.line
        }
        CoverageVarint.append(UInt64(file.functions.count), to: &bytes)
        previous = 0
        for function in file.functions {
            CoverageVarint.append(UInt64(function.line - previous), to: &bytes)
            CoverageVarint.append(function.count, to: &bytes)
            CoverageVarint.append(UInt64(function.name.utf8.count), to: &bytes)
            bytes.append(contentsOf: function.name.utf8)
            previous = function.line
        }
        CoverageVarint.append(UInt64(file.regions.count), to: &bytes)
        previous = 0
        for region in file.regions {
            CoverageVarint.append(UInt64(region.startLine - previous), to: &bytes)
            CoverageVarint.append(UInt64(region.startColumn), to: &bytes)
            // A region may end before it starts in a producer's data: the step is signed (zigzag).
            let span = Int64(region.endLine) - Int64(region.startLine)
            CoverageVarint.append(UInt64(bitPattern: (span << 1) ^ (span >> 63)), to: &bytes)
            CoverageVarint.append(UInt64(region.endColumn), to: &bytes)
            CoverageVarint.append(region.count, to: &bytes)
            previous = region.startLine
        }
    }

    /// Lines: the stretches of consecutive line numbers, then the counts in runs of equal counts.
    private static func appendLines(_ lines: [CoveredLine], to bytes: inout [UInt8]) {
        var stretches: [(gap: UInt32, length: Int)] = []
        var previousEnd: UInt32 = 0
        for line in lines {
            if let last = stretches.last, line.line == previousEnd &+ 1, last.length > 0 {
                stretches[stretches.count - 1].length += 1
            } else {
                stretches.append((line.line - previousEnd - 1, 1))
            }
            previousEnd = line.line
        }
        CoverageVarint.append(UInt64(stretches.count), to: &bytes)
        for stretch in stretches {
            CoverageVarint.append(UInt64(stretch.gap), to: &bytes)
            CoverageVarint.append(UInt64(stretch.length), to: &bytes)
        }
        var start = 0
        while start < lines.count {
            var end = start + 1
            while end < lines.count && lines[end].count == lines[start].count { end += 1 }
            CoverageVarint.append(lines[start].count, to: &bytes)
            CoverageVarint.append(UInt64(end - start), to: &bytes)
            start = end
        }
    }

    /// Reads a body that `appendBody` wrote, for the file at `path`.
    /// - Throws: ``BundleError`` (damaged) naming the byte where the body stops making sense.
    static func readBody(path: String, from reader: inout CoverageByteReader) throws -> SourceFileCoverage {
        var file = SourceFileCoverage(path: path)
        file.lines = try readLines(&reader)
        // No entry takes less than a byte, so a count past the bytes left is damage, found before allocating.
        let branchCount = try reader.count(atMost: reader.end - reader.position, "branch count")
        file.branches.reserveCapacity(branchCount)
        var previous: UInt32 = 0
        for _ in 0..<branchCount {
            let line = try step(from: previous, &reader, "branch line")
            let found = try reader.number32("branch outcomes")
            let hit = try reader.number32("branch outcomes hit")
            file.branches.append(LineBranches(line: line, found: found, hit: hit))
            previous = line
        }
        let functionCount = try reader.count(atMost: reader.end - reader.position, "function count")
        file.functions.reserveCapacity(functionCount)
        previous = 0
        for _ in 0..<functionCount {
            let line = try step(from: previous, &reader, "function line", allowingZero: true)
            let count = try reader.varint()
            let nameLength = try reader.count(atMost: reader.end - reader.position, "function name length")
            file.functions.append(CoveredFunction(name: try reader.text(count: nameLength), line: line, count: count))
            previous = line
        }
        let regionCount = try reader.count(atMost: reader.end - reader.position, "region count")
        file.regions.reserveCapacity(regionCount)
        previous = 0
        for _ in 0..<regionCount {
            let startLine = try step(from: previous, &reader, "region line", allowingZero: true)
            let startColumn = try reader.number32("region column")
            let zigzag = try reader.varint()
            let span = Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
            let endLine = Int64(startLine) + span
            guard endLine >= 0 && endLine <= Int64(UInt32.max) else {
                throw reader.failure("a region ends off line 2^32")
            }
            let endColumn = try reader.number32("region column")
            let count = try reader.varint()
            file.regions.append(
                CoveredRegion(
                    startLine: startLine, startColumn: startColumn, endLine: UInt32(endLine), endColumn: endColumn,
                    count: count))
            previous = startLine
        }
        return file
    }

    private static func readLines(_ reader: inout CoverageByteReader) throws -> [CoveredLine] {
        let stretchCount = try reader.count(atMost: (reader.end - reader.position) / 2, "line stretch count")
        var lineNumbers: [(first: UInt32, length: Int)] = []
        lineNumbers.reserveCapacity(stretchCount)
        var previousEnd: UInt64 = 0
        var total = 0
        for _ in 0..<stretchCount {
            let first = previousEnd + UInt64(try reader.number32("line gap")) + 1
            let length = try reader.count(atMost: maxLinesPerFile - total, "line stretch length")
            guard length > 0, first + UInt64(length) - 1 <= UInt64(UInt32.max) else {
                throw reader.failure("a stretch of lines is empty or runs past line 2^32-1")
            }
            lineNumbers.append((UInt32(first), length))
            previousEnd = first + UInt64(length) - 1
            total += length
        }
        var lines: [CoveredLine] = []
        lines.reserveCapacity(total)
        var stretchIndex = 0
        var inStretch = 0
        var remaining = total
        while remaining > 0 {
            let count = try reader.varint()
            let repeats = try reader.count(atMost: remaining, "count repeat")
            guard repeats > 0 else { throw reader.failure("a run of counts covers no line") }
            for _ in 0..<repeats {
                let stretch = lineNumbers[stretchIndex]
                lines.append(CoveredLine(line: stretch.first + UInt32(inStretch), count: count))
                inStretch += 1
                if inStretch == stretch.length {
                    stretchIndex += 1
                    inStretch = 0
                }
            }
            remaining -= repeats
        }
        return lines
    }

    /// The line `previous` plus the next step; 0 only where the format allows an unknown line (functions).
    private static func step(
        from previous: UInt32, _ reader: inout CoverageByteReader, _ name: String, allowingZero: Bool = false
    ) throws -> UInt32 {
        let line = UInt64(previous) + (try reader.varint())
        guard line <= UInt64(UInt32.max) else { throw reader.failure("\(name) \(line) is over 2^32-1") }
        guard line > 0 || allowingZero else { throw reader.failure("\(name) 0") }
        return UInt32(line)
    }
}
