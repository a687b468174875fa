import ResultModel
import ResultSupport

/// Where a failure happened, read from the trace a JUnit `<failure>` or `<error>` carries when the element itself
/// names no place (pytest's default family, Surefire, jest, go-junit-report, cargo, .NET loggers): the innermost
/// frame of the test's own code, by one small reader per language family. The first reader that recognizes a
/// frame of its language answers; none, and the test case's own `file`/`line` stand.
///
/// - Complexity: O(n) in the length of the trace; only about its first and last ``scannedBytes`` are read.
enum TraceLocation {
    /// The readers, most distinctive frame shapes first.
    static let readers: [any TraceLocationReader.Type] = [
        PythonTraceReader.self, JavaTraceReader.self, DotNetTraceReader.self, JavaScriptTraceReader.self,
        GoTraceReader.self, RustTraceReader.self,
    ]

    /// How much of a long trace's start and end is read: frames that matter are near one or the other.
    static let scannedBytes = 64 << 10

    /// The location `trace` points at, for a test whose classname is `className`; `nil` when no reader finds one.
    static func find(in trace: String, className: String?) -> SourceLocation? {
        guard !trace.isEmpty else { return nil }
        let lines = scannedLines(of: trace)
        for reader in readers where reader.marks.contains(where: { trace.containsBytes($0) }) {
            if let location = reader.location(in: lines, className: className) { return location }
        }
        return nil
    }

    /// The trace's lines, or those of its first and last ``scannedBytes`` when it is longer.
    private static func scannedLines(of trace: String) -> [Substring] {
        guard trace.utf8.count > 2 * scannedBytes else { return trace.split(whereSeparator: \.isNewline) }
        // Characters, not bytes: a cut never falls inside one.
        return trace.prefix(scannedBytes).split(whereSeparator: \.isNewline)
            + trace.suffix(scannedBytes).split(whereSeparator: \.isNewline)
    }

    /// `path:line` or `path:line:column` at the end of `text` (the path may itself hold colons, as a Windows drive
    /// does); `nil` unless the line is a positive number and the path is not empty.
    static func splitFileLine(_ text: Substring) -> SourceLocation? {
        var parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return nil }
        var column: Int?
        if parts.count >= 3, let last = Int(parts[parts.count - 1]), let beforeLast = Int(parts[parts.count - 2]) {
            column = last
            parts.removeLast()
            return location(parts.dropLast().joined(separator: ":"), line: beforeLast, column: column)
        }
        guard let line = Int(parts[parts.count - 1]) else { return nil }
        return location(parts.dropLast().joined(separator: ":"), line: line, column: nil)
    }

    private static func location(_ file: String, line: Int, column: Int?) -> SourceLocation? {
        // Words before a colon in a message ("Error: x.go:1") are not a path.
        guard line > 0, !file.isEmpty, !file.contains(" ") else { return nil }
        return SourceLocation(file: file, line: line, column: column.flatMap { $0 > 0 ? $0 : nil })
    }
}

/// Reads the location of one language family's traces.
protocol TraceLocationReader: Sendable {
    /// The innermost frame of the test's own code among `lines`, for a test whose classname is `className`.
    static func location(in lines: [Substring], className: String?) -> SourceLocation?
    /// Bytes a trace holds (one of them at least) whenever the reader finds a frame in it: a trace without any is
    /// passed over with a byte search instead of a look at every line.
    static var marks: [StaticString] { get }
}

extension Substring {
    /// The line without its leading and trailing spaces and tabs.
    var trimmingBlanks: Substring {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = self[start...].lastIndex { $0 != " " && $0 != "\t" && $0 != "\r" }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
