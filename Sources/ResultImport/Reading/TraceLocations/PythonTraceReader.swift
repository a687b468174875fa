import ResultModel

/// Python: pytest's `path.py:14: AssertionError` (its long, short and line tracebacks end each frame with
/// `path.py:N:`) and CPython's `File "path.py", line 14, in test_x`. The last frame is the innermost; frames of
/// installed packages and the standard library are passed over while a frame of the project's own is left.
enum PythonTraceReader: TraceLocationReader {
    /// Pytest's `path.py:N:` or CPython's `File "path", line N`.
    static let marks: [StaticString] = [".py:", "File \""]

    static func location(in lines: [Substring], className: String?) -> SourceLocation? {
        var found: SourceLocation?
        var foundInLibrary: SourceLocation?
        for line in lines {
            guard let location = pytestFrame(line) ?? cpythonFrame(line) else { continue }
            if isLibrary(location.file) { foundInLibrary = location } else { found = location }
        }
        return found ?? foundInLibrary
    }

    /// `path.py:14: …` at the start of a line (pytest never indents it).
    private static func pytestFrame(_ line: Substring) -> SourceLocation? {
        guard let first = line.first, first != " ", first != "\t", let end = line.range(of: ".py:") else {
            return nil
        }
        let rest = line[end.upperBound...]
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, rest.dropFirst(digits.count).first == ":" else { return nil }
        return TraceLocation.splitFileLine(line[..<digits.endIndex])
    }

    /// `File "path.py", line 14, in name`.
    private static func cpythonFrame(_ line: Substring) -> SourceLocation? {
        let trimmed = line.trimmingBlanks
        guard trimmed.hasPrefix("File \""), let close = trimmed.dropFirst(6).firstIndex(of: "\"") else { return nil }
        let file = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 6)..<close]
        let rest = trimmed[close...].dropFirst()
        guard rest.hasPrefix(", line ") else { return nil }
        let digits = rest.dropFirst(7).prefix { $0.isASCII && $0.isNumber }
        guard let number = Int(digits), number > 0, !file.isEmpty else { return nil }
        return SourceLocation(file: String(file), line: number)
    }

    private static func isLibrary(_ file: String) -> Bool {
        file.contains("/site-packages/") || file.contains("/dist-packages/") || file.contains("/lib/python")
            || file.hasPrefix("<")
    }
}
