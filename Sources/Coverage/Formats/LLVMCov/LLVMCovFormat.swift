import ResultImport

/// llvm-cov's JSON export (`llvm-cov export -format=text`, the file `swift test --enable-code-coverage` writes):
/// `data[].files[]` with `segments` and `branches`, and `data[].functions[]` with their regions.
///
/// Lines are worked out from the segments the way llvm-cov's own line counts are (``LLVMCovLines``); each branch
/// region is two outcomes (true and false), as `llvm-cov report` counts them.
///
/// The export's `summary` and `totals` are not held against the lines: for Swift they count the lines of a closure
/// once more for the closure (llvm-cov's own lcov export declares `LF:20` beside 18 `DA` lines), so they disagree
/// with the lines of every Swift package.
struct LLVMCovFormat: CoverageFormat {
    var name: String { "llvm-cov" }
    var summary: String { "llvm-cov JSON export (llvm-cov export, swift test --enable-code-coverage)" }
    var sumsRepeatedLines: Bool { true }

    func recognizes(_ probe: FormatProbe) -> Bool {
        guard probe.isJSON else { return false }
        let start = probe.text.prefix(64).filter { !" \t\r\n".contains($0) }
        return start.hasPrefix("{\"data\":[") || probe.text.contains("\"llvm.coverage.json.export\"")
    }

    func read(_ input: ImportInput, into context: CoverageInputContext) throws {
        try JSONDocument.read(input, context) { reader in
            guard try reader.peek() == .object else { throw reader.failure("an llvm-cov export is an object") }
            try reader.readObject { reader, key in
                guard key == "data" else { return try reader.skipValue() }
                try reader.readArray { reader, _ in
                    try reader.readObject { reader, key in
                        switch key {
                        case "files": try reader.readArray { reader, _ in try Self.readFile(&reader, context) }
                        case "functions":
                            try reader.readArray { reader, _ in Self.addFunction(try reader.readValue(), context) }
                        default: try reader.skipValue()
                        }
                    }
                }
            }
        }
    }

    /// One entry of `files`: its keys come in any order (llvm writes them sorted, `filename` after `branches`),
    /// so segments and branches are held until the name is known.
    private static func readFile(_ reader: inout JSONPullReader, _ context: CoverageInputContext) throws {
        var filename: String?
        var segments: [LLVMCovLines.Segment] = []
        var branches: [JSONValue] = []
        try reader.readObject { reader, key in
            switch key {
            case "filename": filename = try reader.readValue().string
            case "segments":
                try reader.readArray { reader, _ in
                    let fields = try reader.readValue().array ?? []
                    guard fields.count >= 5, let line = JSONDocument.integer(fields[0]),
                        let column = JSONDocument.integer(fields[1])
                    else { return context.note("segments that are not [line, column, count, hasCount, isEntry]") }
                    guard (1...Int(UInt32.max)).contains(line) else {
                        return context.note("segments on lines outside 1...\(UInt32.max)")
                    }
                    segments.append(
                        LLVMCovLines.Segment(
                            line: line, column: column, count: JSONDocument.count(fields[2]),
                            hasCount: fields[3].bool ?? false, isRegionEntry: fields[4].bool ?? false,
                            isGapRegion: fields.count > 5 ? fields[5].bool ?? false : false))
                }
            case "branches": branches = try reader.readValue().array ?? []
            default: try reader.skipValue()
            }
        }
        guard let filename else { throw reader.failure("a file entry has no \"filename\"") }
        guard let file = context.file(filename) else { return }
        LLVMCovLines.addLines(of: segments, to: file, context)
        for branch in branches {
            guard let fields = branch.array, fields.count >= 6, let line = JSONDocument.integer(fields[0]) else {
                context.note("branches that are not [line, column, line, column, true count, false count, ...]")
                continue
            }
            let place = fields[0..<4].map { JSONDocument.integer($0).map(String.init) ?? "?" }.joined(separator: ":")
            context.addBranchOutcome(file, line: line, key: place + "+", count: JSONDocument.count(fields[4]))
            context.addBranchOutcome(file, line: line, key: place + "-", count: JSONDocument.count(fields[5]))
        }
    }

    /// One entry of `functions`: its name, count and regions, in the file of its first region.
    private static func addFunction(_ function: JSONValue, _ context: CoverageInputContext) {
        guard let name = function["name"]?.string, let filename = function["filenames"]?.array?.first?.string,
            let file = context.file(filename)
        else { return }
        var line = 0
        for region in function["regions"]?.array ?? [] {
            // [line, column, end line, end column, count, file id, expanded file id, kind]; kind 0 is code.
            guard let fields = region.array, fields.count >= 8, fields[5].int == 0, fields[7].int == 0,
                let startLine = JSONDocument.integer(fields[0]), let startColumn = JSONDocument.integer(fields[1]),
                let endLine = JSONDocument.integer(fields[2]), let endColumn = JSONDocument.integer(fields[3])
            else { continue }
            if line == 0 { line = startLine }
            context.addRegion(
                file, start: (startLine, startColumn), end: (endLine, endColumn), count: JSONDocument.count(fields[4]))
        }
        context.addFunction(file, name: name, line: line, count: JSONDocument.count(function["count"]))
    }
}
