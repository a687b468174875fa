import Foundation
import ResultModel
import ResultSupport

/// What a format reading one input hands its entries to: it turns each recorded path into one relative to the
/// source root (refusing paths outside it), checks line numbers and counts, and collects the diagnostics.
///
/// Problems that repeat (negative counts, line numbers out of range) are counted and reported once per input
/// with their first place, so a hostile file of a million bad entries gives a few diagnostics, not a million.
///
/// One context serves one input, read on one thread; it is not safe to share between tasks.
public final class CoverageInputContext {
    /// The input's name as diagnostics show it.
    public let fileName: String
    /// The source root, an absolute path without a trailing `/`.
    public let sourceRoot: String
    /// The line of the input being read, for the place of diagnostics (line-based and XML formats set it).
    public var inputLine: Int?
    /// Whether repeats of a line, function or region within the input add up (``CoverageFormat/sumsRepeatedLines``);
    /// a format may change it for one input (Go's `set` mode).
    public var sumsRepeatedEntries = true
    /// Problems noticed so far (repeated ones are added by ``finish()``).
    public private(set) var diagnostics: [Diagnostic] = []

    private var declared: (found: Int?, hit: Int?, rate: Double?, what: String, line: Int?)?
    private let paths: SourcePaths
    /// The files in the order first seen; an input naming a file again (lcov's record of it for another test, a
    /// Cobertura class in a file already named) gets another builder, joined to the first by ``finish()``: an index
    /// of every path read would cost a run of a million files as much as their coverage.
    private var files: [FileCoverageBuilder] = []
    /// The path last asked for, which readers ask for again and again (a Go profile's blocks, a file's lines).
    private var lastRecorded: (path: String, index: Int?)?
    /// Paths refused, so each is named once.
    private var refusedPaths: Set<String> = []
    private var refusedCount = 0
    private var repeated: [String: (count: Int, firstLine: Int?)] = [:]
    private var repeatedOrder: [String] = []
    /// Individual diagnostics for refused paths before they are only counted.
    static let refusalsNamed = 20

    /// A context for the input `fileName`, whose paths are made relative to `sourceRoot` (a relative root is taken
    /// from the current directory).
    public init(fileName: String, sourceRoot: String) {
        self.fileName = fileName
        let absolute =
            sourceRoot.hasPrefix("/") ? sourceRoot : FileManager.default.currentDirectoryPath + "/" + sourceRoot
        self.paths = SourcePaths(root: absolute)
        self.sourceRoot = paths.root ?? absolute
    }

    /// A handle for the file recorded as `recordedPath`, or `nil` when the path is refused (outside the source
    /// root, empty, or a Windows path); the refusal is a diagnostic, given once per path.
    public func file(_ recordedPath: String) -> FileHandle? {
        if let last = lastRecorded, last.path == recordedPath { return last.index.map(FileHandle.init) }
        if refusedPaths.contains(recordedPath) { return nil }
        let index: Int?
        if let path = relativePath(recordedPath) {
            index = files.count
            files.append(FileCoverageBuilder(path: path))
        } else {
            refusedPaths.insert(recordedPath)
            index = nil
        }
        lastRecorded = (recordedPath, index)
        return index.map(FileHandle.init)
    }

    /// Notes what the input declares about all its lines (Cobertura's `lines-valid`, `lines-covered` and
    /// `line-rate`, a JSON report's totals); ``finish()`` warns when the lines read disagree. `what` names the
    /// declaration (`the <coverage> element`).
    public func declare(linesFound: Int?, linesHit: Int?, lineRate: Double?, by what: String, line: Int? = nil) {
        declared = (linesFound, linesHit, lineRate, what, line)
    }

    /// Adds a line's count; a line number outside 1...2^32-1 or a count that is not one is noted and skipped, a
    /// negative count is noted and taken as 0.
    public func addLine(_ file: FileHandle, line: Int, count: HitCount.Parsed) {
        guard let line = checkedLine(line), let count = checkedCount(count) else { return }
        files[file.index].addLine(line, count: count)
    }

    /// Adds a line's count of a region that ran `count` times (already checked).
    func addLine(_ file: FileHandle, line: UInt32, count: UInt64) { files[file.index].addLine(line, count: count) }

    /// Adds a line's branch outcomes, found and hit.
    public func addBranches(_ file: FileHandle, line: Int, found: Int, hit: Int) {
        guard let line = checkedLine(line) else { return }
        guard found >= 0, hit >= 0 else { return note("negative branch counts") }
        files[file.index].addBranches(line, found: UInt32(clamping: found), hit: UInt32(clamping: hit))
    }

    /// Adds one named branch outcome of a line (``FileCoverageBuilder/addBranchOutcome(_:key:count:)``).
    public func addBranchOutcome(_ file: FileHandle, line: Int, key: String, count: HitCount.Parsed) {
        guard let line = checkedLine(line), let count = checkedCount(count) else { return }
        files[file.index].addBranchOutcome(line, key: key, count: count)
    }

    /// Adds a function; a line of 0 means the format does not say.
    public func addFunction(_ file: FileHandle, name: String, line: Int, count: HitCount.Parsed) {
        let checked: UInt32?
        if line == 0 { checked = 0 } else { checked = checkedLine(line) }
        guard let checked, let count = checkedCount(count) else { return }
        files[file.index].addFunction(CoveredFunction(name: name, line: checked, count: count))
    }

    /// Adds a region; one whose start or end is out of range, or which ends before it starts, is noted and
    /// skipped. Returns the region added.
    @discardableResult
    public func addRegion(
        _ file: FileHandle, start: (line: Int, column: Int), end: (line: Int, column: Int), count: HitCount.Parsed
    ) -> CoveredRegion? {
        guard let startLine = checkedLine(start.line), let endLine = checkedLine(end.line),
            let count = checkedCount(count)
        else { return nil }
        guard (start.line, start.column) <= (end.line, end.column), start.column >= 0, end.column >= 0 else {
            note("regions that end before they start")
            return nil
        }
        let region = CoveredRegion(
            startLine: startLine, startColumn: UInt32(clamping: start.column), endLine: endLine,
            endColumn: UInt32(clamping: end.column), count: count)
        files[file.index].addRegion(region)
        return region
    }

    /// Notes a problem that may repeat (`what` is a plural noun phrase: "negative counts"); it is reported once,
    /// with how often and where first, by ``finish()``.
    public func note(_ what: String) {
        if let seen = repeated[what] {
            repeated[what] = (seen.count + 1, seen.firstLine)
        } else {
            repeated[what] = (1, inputLine)
            repeatedOrder.append(what)
        }
    }

    /// Adds a diagnostic about the input at the current line.
    public func warn(_ message: String, line: Int? = nil) {
        diagnostics.append(Diagnostic(severity: .warning, message: message, file: fileName, line: line ?? inputLine))
    }

    /// Makes the file's lines those its regions cover: each line gets the largest count of the regions it is in.
    func derivesLinesFromRegions(_ file: FileHandle) { files[file.index].derivesLinesFromRegions = true }

    /// The files read, sorted by path, each once; repeats within the input are summed (``sumsRepeatedEntries``) or
    /// the larger kept. The repeated problems are added to ``diagnostics``.
    /// - Complexity: O(n log n) in the files and their entries.
    public func finish() -> [SourceFileCoverage] {
        for what in repeatedOrder {
            guard let seen = repeated[what] else { continue }
            let skipped =
                what == "negative counts" ? "they are taken as 0" : "those entries are skipped"
            diagnostics.append(
                Diagnostic(
                    severity: .warning, message: "\(what): \(seen.count) (the first here); \(skipped)",
                    file: fileName, line: seen.firstLine))
        }
        if refusedCount > Self.refusalsNamed {
            diagnostics.append(
                Diagnostic(
                    severity: .warning,
                    message:
                        "\(refusedCount - Self.refusalsNamed) more source paths outside \(sourceRoot) were skipped",
                    file: fileName))
        }
        repeated = [:]
        repeatedOrder = []
        lastRecorded = nil
        refusedPaths = []
        // Builders of one path are joined (in the order read), and each is let go once built, so a million files
        // are not held twice.
        let order = files.indices.map { Int32(truncatingIfNeeded: $0) }.sorted {
            (files[Int($0)].path, $0) < (files[Int($1)].path, $1)
        }
        var built: [SourceFileCoverage] = []
        built.reserveCapacity(files.count)
        var position = 0
        while position < order.count {
            var builder = files[Int(order[position])].take()
            position += 1
            while position < order.count, files[Int(order[position])].path == builder.path {
                builder.absorb(files[Int(order[position])].take())
                position += 1
            }
            built.append(builder.build(summing: sumsRepeatedEntries))
        }
        files = []
        // Declared totals cover every file of the input, so they are only held against the lines read when no
        // file was refused.
        if let declared, refusedCount == 0, let warning = declaredTotalsWarning(declared, built) {
            diagnostics.append(warning)
        }
        return built
    }

    private func declaredTotalsWarning(
        _ declared: (found: Int?, hit: Int?, rate: Double?, what: String, line: Int?), _ built: [SourceFileCoverage]
    ) -> Diagnostic? {
        var totals = CoverageTotals()
        for file in built { totals.add(file) }
        var said: [String] = []
        if let found = declared.found, found != totals.linesFound { said.append("\(found) lines") }
        if let hit = declared.hit, hit != totals.linesHit { said.append("\(hit) lines hit") }
        if let rate = declared.rate, let actual = totals.lineRate ?? (rate == 0 ? 0 : nil), abs(rate - actual) > 0.0051
        {
            said.append("a line rate of \(rate)")
        } else if let rate = declared.rate, totals.lineRate == nil, rate != 0, rate != 1 {
            said.append("a line rate of \(rate)")
        }
        guard !said.isEmpty else { return nil }
        return Diagnostic(
            severity: .warning,
            message: "\(declared.what) declares \(said.joined(separator: " and ")), but its lines give "
                + "\(totals.linesFound) lines, \(totals.linesHit) hit; the lines read are counted",
            file: fileName, line: declared.line)
    }

    // MARK: Checks

    private func checkedLine(_ line: Int) -> UInt32? {
        guard line >= 1, line <= Int(UInt32.max) else {
            note("line numbers outside 1...\(UInt32.max)")
            return nil
        }
        return UInt32(line)
    }

    private func checkedCount(_ count: HitCount.Parsed) -> UInt64? {
        switch count {
        case .count(let value): return value
        case .negative:
            note("negative counts")
            return 0
        case .invalid:
            note("counts that are not numbers")
            return nil
        }
    }

    private func relativePath(_ recorded: String) -> String? {
        let reason: String?
        var relative = ""
        if recorded.isEmpty || recorded.utf8.contains(0) {
            reason = "is empty or holds a NUL byte"
        } else if Self.isWindowsAbsolute(recorded) {
            reason = "is a Windows path, which cannot lie under \(sourceRoot)"
        } else {
            let resolved = paths.resolve(recorded)
            relative = resolved.path
            if resolved.isOutsideRoot || relative.isEmpty || relative == "." || relative.hasPrefix("/") {
                reason = "lies outside the source root \(sourceRoot)"
            } else {
                reason = nil
            }
        }
        guard let reason else { return relative }
        refusedCount += 1
        if refusedCount <= Self.refusalsNamed {
            diagnostics.append(
                Diagnostic(
                    severity: .warning,
                    message:
                        "the source path \(TerminalText.escapingControls(recorded)) \(reason); its coverage is skipped",
                    file: fileName, line: inputLine))
        }
        return nil
    }

    private static func isWindowsAbsolute(_ path: String) -> Bool {
        let bytes = Array(path.utf8.prefix(3))
        if bytes.starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "\\")]) { return true }
        guard bytes.count >= 3, bytes[1] == UInt8(ascii: ":") else { return false }
        let letter = bytes[0] | 0x20
        return letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z")
            && (bytes[2] == UInt8(ascii: "\\") || bytes[2] == UInt8(ascii: "/"))
    }

    /// A file being read, as ``file(_:)`` hands it out.
    public struct FileHandle: Sendable, Hashable {
        let index: Int
    }
}
