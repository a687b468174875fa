import ResultImport

/// Xcode's coverage archive as `xcrun xccov view --archive --json` prints it: an object of files by path, each an
/// array of lines (`line`, `isExecutable`, `executionCount`, and `subranges` of a line whose parts ran a different
/// number of times: `column`, `length`, `executionCount`).
///
/// Executable lines are the lines; subranges are regions.
struct XccovArchiveFormat: CoverageFormat {
    var name: String { "xccov-archive" }
    var summary: String { "Xcode coverage archive (xccov view --archive --json)" }
    var sumsRepeatedLines: Bool { false }

    func recognizes(_ probe: FormatProbe) -> Bool {
        probe.isJSON && probe.text.contains("\"isExecutable\"")
    }

    func read(_ input: ImportInput, into context: CoverageInputContext) throws {
        try JSONDocument.read(input, context) { reader in
            guard try reader.peek() == .object else { throw reader.failure("an xccov archive is an object") }
            try reader.readObject { reader, path in
                guard try reader.peek() == .array else { throw reader.failure("a file's lines must be an array") }
                let file = context.file(path)
                try reader.readArray { reader, _ in
                    let entry = try reader.readValue()
                    if let file { Self.add(entry, file, context) }
                }
            }
        }
    }

    private static func add(
        _ entry: JSONValue, _ file: CoverageInputContext.FileHandle, _ context: CoverageInputContext
    ) {
        guard entry["isExecutable"]?.bool == true else { return }
        guard let line = JSONDocument.integer(entry["line"]) else { return context.note("lines without a number") }
        context.addLine(file, line: line, count: JSONDocument.count(entry["executionCount"] ?? .number("0")))
        for range in entry["subranges"]?.array ?? [] {
            guard let column = JSONDocument.integer(range["column"]), let length = JSONDocument.integer(range["length"])
            else { continue }
            let (end, overflow) = column.addingReportingOverflow(length)
            context.addRegion(
                file, start: (line, column), end: (line, overflow ? Int.max : end),
                count: JSONDocument.count(range["executionCount"]))
        }
    }
}
