import ResultImport

/// gcovr's JSON report (`gcovr --json`, format version 0.x): `files`, each with its `file` path, `lines` (each with
/// `line_number`, `count` and `branches` with their own `count`) and `functions` (`name` or `demangled_name`,
/// `lineno`, `execution_count`); entries marked `gcovr/excluded` are left out, as gcovr's own reports leave them.
///
/// Walked one line entry at a time: a file's lines are kept compactly until its entry ends (its `file` member
/// may come after them).
struct GcovrFormat: CoverageFormat {
    var name: String { "gcovr" }
    var summary: String { "gcovr JSON (gcovr --json, format version 0.x)" }
    /// A line has one entry per function compiled into it (each instance of a template or inlined function);
    /// gcovr adds their counts up.
    var sumsRepeatedLines: Bool { true }

    func recognizes(_ probe: FormatProbe) -> Bool {
        probe.isJSON && probe.text.contains("\"gcovr/format_version\"")
    }

    func read(_ input: ImportInput, into context: CoverageInputContext) throws {
        try JSONDocument.read(input, context) { reader in
            guard try reader.peek() == .object else { throw reader.failure("a gcovr JSON report is an object") }
            try reader.readObject { reader, key in
                switch key {
                case "gcovr/format_version":
                    let version = try reader.readValue()
                    if let text = version.string ?? version.double.map({ "\($0)" }), !text.hasPrefix("0.") {
                        context.warn("gcovr JSON format version \(text) is not 0.x, the version read here; read as 0.x")
                    }
                case "files":
                    guard try reader.peek() == .array else { throw reader.failure("\"files\" must be an array") }
                    try reader.readArray { reader, _ in try Self.readFile(&reader, context) }
                default: try reader.skipValue()
                }
            }
        }
    }

    /// One line entry, as kept until the file's path is known.
    private struct LineEntry {
        var line: Int
        var count: HitCount.Parsed
        var branchesFound: Int
        var branchesHit: Int
    }

    private static func readFile(_ reader: inout JSONPullReader, _ context: CoverageInputContext) throws {
        guard try reader.peek() == .object else { throw reader.failure("a file entry must be an object") }
        var path: String?
        var lines: [LineEntry] = []
        var functions: [JSONValue] = []
        try reader.readObject { reader, key in
            switch key {
            case "file": path = try reader.readValue().string
            case "lines":
                guard try reader.peek() == .array else { throw reader.failure("\"lines\" must be an array") }
                try reader.readArray { reader, _ in
                    let entry = try reader.readValue()
                    if let line = Self.lineEntry(entry, context) { lines.append(line) }
                }
            case "functions":
                guard try reader.peek() == .array else { throw reader.failure("\"functions\" must be an array") }
                try reader.readArray { reader, _ in functions.append(try reader.readValue()) }
            default: try reader.skipValue()
            }
        }
        guard let path else { return context.note("file entries without a \"file\" path") }
        guard let file = context.file(path) else { return }
        for entry in lines {
            context.addLine(file, line: entry.line, count: entry.count)
            if entry.branchesFound > 0 {
                context.addBranches(file, line: entry.line, found: entry.branchesFound, hit: entry.branchesHit)
            }
        }
        for function in functions where function["gcovr/excluded"]?.bool != true {
            let name = function["demangled_name"]?.string ?? function["name"]?.string ?? "(function)"
            let line = JSONDocument.integer(function["lineno"]) ?? 0
            context.addFunction(file, name: name, line: line, count: JSONDocument.count(function["execution_count"]))
        }
    }

    private static func lineEntry(_ entry: JSONValue, _ context: CoverageInputContext) -> LineEntry? {
        guard entry["gcovr/excluded"]?.bool != true else { return nil }
        guard let line = JSONDocument.integer(entry["line_number"]) else {
            context.note("line entries without a line_number")
            return nil
        }
        var found = 0
        var hit = 0
        for branch in entry["branches"]?.array ?? [] where branch["gcovr/excluded"]?.bool != true {
            found += 1
            if case .count(let taken) = JSONDocument.count(branch["count"]), taken > 0 { hit += 1 }
        }
        return LineEntry(line: line, count: JSONDocument.count(entry["count"]), branchesFound: found, branchesHit: hit)
    }
}
