import ResultImport

/// ResultBundle's own coverage JSON, what `resultbundle coverage export --format json` writes (docs/COVERAGE.md,
/// "The JSON export"), read back whole: lines, branches, functions and regions as they were exported.
struct CoverageJSONFormat: CoverageFormat {
    var name: String { "resultbundle" }
    var summary: String { "ResultBundle's coverage JSON (resultbundle coverage export --format json)" }
    var sumsRepeatedLines: Bool { false }

    /// The major version of the schema read here; a newer one is refused with the version it needs.
    static let readableMajor = 1

    func recognizes(_ probe: FormatProbe) -> Bool {
        probe.isJSON && probe.text.contains("\"schema\":\"resultbundle-coverage\"")
    }

    func read(_ input: ImportInput, into context: CoverageInputContext) throws {
        var declared: JSONValue?
        try JSONDocument.read(input, context) { reader in
            guard try reader.peek() == .object else { throw reader.failure("coverage JSON is an object") }
            try reader.readObject { reader, key in
                switch key {
                case "version":
                    let version = try reader.readValue().string ?? ""
                    guard let major = Int(version.prefix { $0 != "." }), major <= Self.readableMajor else {
                        throw reader.failure(
                            "coverage JSON version \(version) needs a newer resultbundle (this one reads "
                                + "\(Self.readableMajor).x)")
                    }
                case "totals": declared = try reader.readValue()
                case "files":
                    guard try reader.peek() == .array else { throw reader.failure("\"files\" must be an array") }
                    try reader.readArray { reader, _ in
                        let entry = try reader.readValue()
                        guard let path = entry["path"]?.string else { return context.note("files without a path") }
                        if let file = context.file(path) { Self.add(entry, to: file, context) }
                    }
                default: try reader.skipValue()
                }
            }
        }
        context.declare(
            linesFound: declared?["linesFound"]?.int, linesHit: declared?["linesHit"]?.int, lineRate: nil,
            by: "the export's totals")
    }

    private static func add(
        _ entry: JSONValue, to file: CoverageInputContext.FileHandle, _ context: CoverageInputContext
    ) {
        for line in entry["lines"]?.array ?? [] {
            guard let pair = line.array, pair.count == 2, let number = JSONDocument.integer(pair[0]) else {
                context.note("lines that are not [line, count]")
                continue
            }
            context.addLine(file, line: number, count: JSONDocument.count(pair[1]))
        }
        for branches in entry["branches"]?.array ?? [] {
            guard let triple = branches.array?.map(JSONDocument.integer), triple.count == 3,
                let line = triple[0], let found = triple[1], let hit = triple[2]
            else {
                context.note("branches that are not [line, found, hit]")
                continue
            }
            context.addBranches(file, line: line, found: found, hit: hit)
        }
        for function in entry["functions"]?.array ?? [] {
            guard let name = function["name"]?.string else {
                context.note("functions without a name")
                continue
            }
            context.addFunction(
                file, name: name, line: JSONDocument.integer(function["line"]) ?? 0,
                count: JSONDocument.count(function["count"]))
        }
        for region in entry["regions"]?.array ?? [] {
            let fields = region.array ?? []
            let position = fields.prefix(4).compactMap(JSONDocument.integer)
            guard fields.count == 5, position.count == 4 else {
                context.note("regions that are not [start line, start column, end line, end column, count]")
                continue
            }
            context.addRegion(
                file, start: (position[0], position[1]), end: (position[2], position[3]),
                count: JSONDocument.count(fields[4]))
        }
    }
}
