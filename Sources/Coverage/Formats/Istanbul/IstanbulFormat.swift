import ResultImport

/// Istanbul's `coverage-final.json` (nyc, Jest, Vitest, c8): an object of files, each with `statementMap`, `s`,
/// `fnMap`, `f`, `branchMap` and `b`. A line's count is the largest of the statements starting on it, as
/// Istanbul's own reports count it; statements are kept as regions.
struct IstanbulFormat: CoverageFormat {
    var name: String { "istanbul" }
    var summary: String { "Istanbul coverage-final.json (nyc, Jest, Vitest, c8)" }
    var sumsRepeatedLines: Bool { false }

    func recognizes(_ probe: FormatProbe) -> Bool {
        probe.isJSON && probe.text.contains("\"statementMap\"")
    }

    func read(_ input: ImportInput, into context: CoverageInputContext) throws {
        try JSONDocument.read(input, context) { reader in
            guard try reader.peek() == .object else { throw reader.failure("coverage-final.json is an object") }
            try reader.readObject { reader, key in
                let entry = try reader.readValue()
                guard entry.members != nil else { return }
                if let file = context.file(entry["path"]?.string ?? key) { Self.add(entry, to: file, context) }
            }
        }
    }

    private static func add(
        _ entry: JSONValue, to file: CoverageInputContext.FileHandle, _ context: CoverageInputContext
    ) {
        let statements = entry["statementMap"]
        for (id, count) in entry["s"]?.members ?? [] {
            guard let location = statements?[id], let start = position(location["start"]) else { continue }
            let parsed = JSONDocument.count(count)
            context.addLine(file, line: start.line, count: parsed)
            if let end = position(location["end"]) {
                // Istanbul's columns are 0-based; regions' are 1-based.
                context.addRegion(
                    file, start: (start.line, start.column + 1), end: (end.line, end.column + 1), count: parsed)
            }
        }
        let functions = entry["fnMap"]
        for (id, count) in entry["f"]?.members ?? [] {
            guard let function = functions?[id] else { continue }
            let line =
                position(function["decl"]?["start"])?.line ?? position(function["loc"]?["start"])?.line
                ?? JSONDocument.integer(function["line"]) ?? 0
            context.addFunction(
                file, name: function["name"]?.string ?? "(anonymous)", line: line, count: JSONDocument.count(count))
        }
        let branchMap = entry["branchMap"]
        for (id, counts) in entry["b"]?.members ?? [] {
            guard let branch = branchMap?[id],
                let line = position(branch["loc"]?["start"])?.line ?? JSONDocument.integer(branch["line"])
            else { continue }
            for (index, count) in (counts.array ?? []).enumerated() {
                context.addBranchOutcome(file, line: line, key: "\(id).\(index)", count: JSONDocument.count(count))
            }
        }
    }

    /// `{"line": 3, "column": 4}`.
    private static func position(_ value: JSONValue?) -> (line: Int, column: Int)? {
        guard let line = JSONDocument.integer(value?["line"]) else { return nil }
        return (line, min(max(0, JSONDocument.integer(value?["column"]) ?? 0), Int(UInt32.max) - 1))
    }
}
