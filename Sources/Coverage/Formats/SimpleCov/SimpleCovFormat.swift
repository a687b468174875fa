import Foundation
import ResultImport

/// SimpleCov's `.resultset.json`: an object of runs by command name (`RSpec`, `Minitest`), each with its `coverage`
/// by file path. A file is either an array of line counts (SimpleCov before 0.18) or an object with `lines`, and
/// `branches` and `methods` when those were measured; `null` is a line that cannot run.
///
/// Runs are separate executions and are summed, as SimpleCov merges them.
struct SimpleCovFormat: CoverageFormat {
    var name: String { "simplecov" }
    var summary: String { "SimpleCov .resultset.json (Ruby)" }
    var sumsRepeatedLines: Bool { true }

    /// Whether the input starts `{ "<command name>": { "coverage":`, the shape of every resultset.
    func recognizes(_ probe: FormatProbe) -> Bool {
        guard probe.isJSON else { return false }
        var scanner = PrefixScanner(bytes: probe.prefix)
        return scanner.take("{") && scanner.skipString() && scanner.take(":") && scanner.take("{")
            && scanner.take("\"coverage\"") && scanner.take(":")
    }

    func read(_ input: ImportInput, into context: CoverageInputContext) throws {
        try JSONDocument.read(input, context) { reader in
            guard try reader.peek() == .object else { throw reader.failure("a SimpleCov resultset is an object") }
            try reader.readObject { reader, _ in
                guard try reader.peek() == .object else { throw reader.failure("a run must be an object") }
                try reader.readObject { reader, key in
                    guard key == "coverage" else { return try reader.skipValue() }
                    guard try reader.peek() == .object else { throw reader.failure("\"coverage\" must be an object") }
                    try reader.readObject { reader, path in
                        if let file = context.file(path) {
                            try Self.readFile(&reader, file, context)
                        } else {
                            try reader.skipValue()
                        }
                    }
                }
            }
        }
    }

    private static func readFile(
        _ reader: inout JSONPullReader, _ file: CoverageInputContext.FileHandle, _ context: CoverageInputContext
    ) throws {
        switch try reader.peek() {
        case .array: try readLines(&reader, file, context)
        case .object:
            try reader.readObject { reader, key in
                switch key {
                case "lines": try readLines(&reader, file, context)
                case "branches": addBranches(try reader.readValue(), file, context)
                case "methods": addMethods(try reader.readValue(), file, context)
                default: try reader.skipValue()
                }
            }
        default: throw reader.failure("a file's coverage must be an array of line counts or an object")
        }
    }

    /// Line counts by position: the first is line 1; `null` (and SimpleCov's `"ignored"`) is a line that cannot run.
    private static func readLines(
        _ reader: inout JSONPullReader, _ file: CoverageInputContext.FileHandle, _ context: CoverageInputContext
    ) throws {
        guard try reader.peek() == .array else { throw reader.failure("\"lines\" must be an array") }
        try reader.readArray { reader, index in
            switch try reader.peek() {
            case .number: context.addLine(file, line: index + 1, count: JSONDocument.count(try reader.readValue()))
            case .null, .string: try reader.skipValue()
            default: throw reader.failure("a line count must be a number or null")
            }
        }
    }

    /// `{"[:if, 0, 13, 4, 13, 33]": {"[:then, 1, 13, 16, 13, 23]": 0, ...}}`: each condition (its start line third)
    /// with its outcomes and their counts.
    private static func addBranches(
        _ branches: JSONValue, _ file: CoverageInputContext.FileHandle, _ context: CoverageInputContext
    ) {
        for (condition, outcomes) in branches.members ?? [] {
            guard let line = Self.fields(condition).dropFirst(2).first.flatMap({ Int($0) }) else {
                context.note("branch conditions without a line")
                continue
            }
            for (outcome, count) in outcomes.members ?? [] {
                context.addBranchOutcome(file, line: line, key: condition + outcome, count: JSONDocument.count(count))
            }
        }
    }

    /// `{"[Shapes, :area, 3, 2, 10, 5]": 1}`: each method (class, name, start line) with its count.
    private static func addMethods(
        _ methods: JSONValue, _ file: CoverageInputContext.FileHandle, _ context: CoverageInputContext
    ) {
        for (method, count) in methods.members ?? [] {
            let fields = Self.fields(method)
            guard fields.count >= 3, let line = Int(fields[2]) else {
                context.note("methods without a line")
                continue
            }
            let name = fields[1].hasPrefix(":") ? String(fields[1].dropFirst()) : fields[1]
            context.addFunction(file, name: fields[0] + "#" + name, line: line, count: JSONDocument.count(count))
        }
    }

    /// The comma-separated fields of a Ruby array written as a string, `[:if, 0, 13, 4, 13, 33]`.
    private static func fields(_ text: String) -> [String] {
        guard text.hasPrefix("["), text.hasSuffix("]") else { return [] }
        return text.dropFirst().dropLast().split(separator: ",").map {
            String($0.trimmingCharacters(in: .whitespaces))
        }
    }
}
