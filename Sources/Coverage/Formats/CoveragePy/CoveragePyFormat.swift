import ResultImport

/// coverage.py's JSON report (`coverage json`): `files` by path, each with `executed_lines`, `missing_lines`,
/// `executed_branches` and `missing_branches` (arcs `[from, to]`) and `functions` with their `start_line`. It has
/// no counts: an executed line counts 1.
struct CoveragePyFormat: CoverageFormat {
    var name: String { "coverage.py" }
    var summary: String { "coverage.py JSON (coverage json)" }
    var sumsRepeatedLines: Bool { false }

    func recognizes(_ probe: FormatProbe) -> Bool {
        probe.isJSON && probe.text.contains("\"meta\"") && probe.text.contains("\"executed_lines\"")
    }

    func read(_ input: ImportInput, into context: CoverageInputContext) throws {
        var declaredFound: Int?
        var declaredHit: Int?
        try JSONDocument.read(input, context) { reader in
            guard try reader.peek() == .object else { throw reader.failure("a coverage.py report is an object") }
            try reader.readObject { reader, key in
                switch key {
                case "files":
                    guard try reader.peek() == .object else { throw reader.failure("\"files\" must be an object") }
                    try reader.readObject { reader, path in
                        let entry = try reader.readValue()
                        if let file = context.file(path) { Self.add(entry, to: file, context) }
                    }
                case "totals":
                    let totals = try reader.readValue()
                    declaredFound = totals["num_statements"]?.int
                    declaredHit = totals["covered_lines"]?.int
                default: try reader.skipValue()
                }
            }
        }
        context.declare(linesFound: declaredFound, linesHit: declaredHit, lineRate: nil, by: "the report's totals")
    }

    private static func add(
        _ entry: JSONValue, to file: CoverageInputContext.FileHandle, _ context: CoverageInputContext
    ) {
        for (key, count) in [("executed_lines", 1 as UInt64), ("missing_lines", 0)] {
            for line in entry[key]?.array ?? [] {
                guard let number = JSONDocument.integer(line) else { continue }
                context.addLine(file, line: number, count: .count(count))
            }
        }
        // A line's branches are its arcs to other lines, taken or not.
        var branches: [Int: (found: Int, hit: Int)] = [:]
        for (key, taken) in [("executed_branches", 1), ("missing_branches", 0)] {
            for arc in entry[key]?.array ?? [] {
                guard let from = JSONDocument.integer(arc.array?.first) else { continue }
                let seen = branches[from] ?? (0, 0)
                branches[from] = (seen.found + 1, seen.hit + taken)
            }
        }
        for (line, counts) in branches.sorted(by: { $0.key < $1.key }) {
            context.addBranches(file, line: line, found: counts.found, hit: counts.hit)
        }
        for (name, function) in entry["functions"]?.members ?? [] where !name.isEmpty {
            let ran = !(function["executed_lines"]?.array ?? []).isEmpty
            let line = JSONDocument.integer(function["start_line"]) ?? 0
            context.addFunction(file, name: name, line: line, count: .count(ran ? 1 : 0))
        }
    }
}
