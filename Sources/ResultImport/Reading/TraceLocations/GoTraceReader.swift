import ResultModel

/// Go: the `name_test.go:13: message` lines `t.Error` and `t.Fatal` print, and a panic's frames
/// (`/src/app/foo_test.go:42 +0x1d`). The first line of a `_test.go` file, else the first outside Go's runtime and
/// testing packages.
enum GoTraceReader: TraceLocationReader {
    /// `file.go:N`.
    static let marks: [StaticString] = [".go:"]

    static func location(in lines: [Substring], className: String?) -> SourceLocation? {
        var firstOther: SourceLocation?
        for line in lines {
            guard let location = place(line.trimmingBlanks) else { continue }
            if location.file.hasSuffix("_test.go") { return location }
            if firstOther == nil, !location.file.contains("/src/runtime/"), !location.file.contains("/src/testing/") {
                firstOther = location
            }
        }
        return firstOther
    }

    /// `file.go:N:` (a message line) or `file.go:N +0x…` (a panic frame) at the start of `line`.
    private static func place(_ line: Substring) -> SourceLocation? {
        guard let end = line.range(of: ".go:") else { return nil }
        let rest = line[end.upperBound...]
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        let after = rest.dropFirst(digits.count)
        guard !digits.isEmpty, after.isEmpty || after.hasPrefix(":") || after.hasPrefix(" +0x") else { return nil }
        let file = line[..<end.lowerBound] + ".go"
        guard !file.contains(" "), let number = Int(digits), number > 0 else { return nil }
        return SourceLocation(file: String(file), line: number)
    }
}
