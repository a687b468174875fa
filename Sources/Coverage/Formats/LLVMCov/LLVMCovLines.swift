/// The line counts of an llvm-cov file from its segments, by llvm-cov's own rule (`LineCoverageStats` in LLVM's
/// `CoverageMapping.cpp`), so the lines found and hit match what `llvm-cov report` and the export's summary say.
///
/// A line is mapped when a region with a count starts on it, or when the segment in force as it begins (the last
/// one of an earlier line) has a count, unless the line starts a skipped region. Its count is the larger of the
/// segment in force and the regions starting on it.
enum LLVMCovLines {
    /// One segment: `[line, column, count, hasCount, isRegionEntry, isGapRegion]`.
    struct Segment {
        var line: Int
        var column: Int
        var count: HitCount.Parsed
        var hasCount: Bool
        var isRegionEntry: Bool
        var isGapRegion: Bool

        var countValue: UInt64 {
            if case .count(let value) = count { return value }
            return 0
        }
    }

    /// The most lines filled between two segments; a longer stretch is noted and left out, so a hostile file
    /// cannot make the reader fill billions of lines.
    static let maxStretch = 100_000

    static func addLines(
        of unsorted: [Segment], to file: CoverageInputContext.FileHandle, _ context: CoverageInputContext
    ) {
        let segments = unsorted.enumerated().sorted {
            ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
        }
        .map(\.element)
        guard var line = segments.first?.line else { return }
        var wrapped: Segment?
        var index = 0
        while index < segments.count {
            let first = index
            while index < segments.count && segments[index].line == line { index += 1 }
            let onLine = segments[first..<index]
            if let count = lineCount(onLine, wrapped: wrapped) {
                context.addLine(file, line: line, count: count)
            }
            if let last = onLine.last { wrapped = last }
            guard index < segments.count else { break }
            // The lines before the next segment have none of their own: the segment in force decides.
            let next = segments[index].line
            if next - line - 1 > maxStretch {
                context.note("stretches of more than \(maxStretch) lines between segments")
            } else if let wrapped, wrapped.hasCount, line + 1 < next {
                for between in (line + 1)..<next { context.addLine(file, line: between, count: wrapped.count) }
            }
            line = next
        }
    }

    /// The count of a line with segments `onLine` starting on it, or `nil` when the line is not mapped.
    private static func lineCount(_ onLine: ArraySlice<Segment>, wrapped: Segment?) -> HitCount.Parsed? {
        func startsRegion(_ segment: Segment) -> Bool {
            !segment.isGapRegion && segment.hasCount && segment.isRegionEntry
        }
        let regionStarts = onLine.filter(startsRegion)
        let startsSkipped = onLine.first.map { !$0.hasCount && $0.isRegionEntry } ?? false
        var mapped = !startsSkipped && ((wrapped?.hasCount ?? false) || !regionStarts.isEmpty)
        mapped = mapped || onLine.contains { $0.isRegionEntry && $0.hasCount }
        guard mapped else { return nil }
        if case .negative? = wrapped?.count, regionStarts.isEmpty { return .negative }
        var count = wrapped?.countValue ?? 0
        for segment in regionStarts { count = max(count, segment.countValue) }
        return .count(count)
    }
}
