import ResultImport

/// Xcode's coverage report as `xcrun xccov view --report --json` prints it: `targets`, each with `files` (`path`,
/// `coveredLines`, `executableLines`) and their `functions` (`name`, `lineNumber`, `executionCount`).
///
/// The report has no line-level data (which lines ran is in the coverage archive, ``XccovArchiveFormat``): only
/// functions are read, and one warning says how many lines the report counts that are not kept.
struct XccovReportFormat: CoverageFormat {
    var name: String { "xccov-report" }
    var summary: String { "Xcode coverage report (xccov view --report --json): functions only" }
    /// A file compiled into several targets (a framework and the test bundle linking it) is listed under each,
    /// with each binary's own counts.
    var sumsRepeatedLines: Bool { true }

    func recognizes(_ probe: FormatProbe) -> Bool {
        probe.isJSON && probe.text.contains("\"targets\"") && probe.text.contains("\"executableLines\"")
    }

    func read(_ input: ImportInput, into context: CoverageInputContext) throws {
        var lines = (executable: 0, covered: 0)
        try JSONDocument.read(input, context) { reader in
            guard try reader.peek() == .object else { throw reader.failure("an xccov report is an object") }
            try reader.readObject { reader, key in
                guard key == "targets" else { return try reader.skipValue() }
                guard try reader.peek() == .array else { throw reader.failure("\"targets\" must be an array") }
                try reader.readArray { reader, _ in
                    guard try reader.peek() == .object else { throw reader.failure("a target must be an object") }
                    try reader.readObject { reader, key in
                        guard key == "files" else { return try reader.skipValue() }
                        guard try reader.peek() == .array else { throw reader.failure("\"files\" must be an array") }
                        try reader.readArray { reader, _ in
                            let entry = try reader.readValue()
                            lines.executable += max(0, entry["executableLines"]?.int ?? 0)
                            lines.covered += max(0, entry["coveredLines"]?.int ?? 0)
                            Self.add(entry, context)
                        }
                    }
                }
            }
        }
        if lines.executable > 0 {
            context.warn(
                "an xccov report has no line-level data: its files count \(lines.executable) executable lines, "
                    + "\(lines.covered) covered, which are not kept; only functions are read (read "
                    + "`xccov view --archive --json` for lines)")
        }
    }

    private static func add(_ entry: JSONValue, _ context: CoverageInputContext) {
        guard let path = entry["path"]?.string ?? entry["name"]?.string else {
            return context.note("file entries without a path")
        }
        guard let file = context.file(path) else { return }
        for function in entry["functions"]?.array ?? [] {
            context.addFunction(
                file, name: function["name"]?.string ?? "(function)",
                line: JSONDocument.integer(function["lineNumber"]) ?? 0,
                count: JSONDocument.count(function["executionCount"]))
        }
    }
}
