import ResultModel

/// .NET: `at MyApp.Tests.CalcTests.Adds() in /src/MyApp.Tests/CalcTests.cs:line 17`, and Mono's
/// `at MyApp.Tests.CalcTests.Adds () [0x00000] in /src/MyApp.Tests/CalcTests.cs:17`. The innermost frame with a
/// file outside the runtime and the test frameworks (their frames seldom carry files anyway).
enum DotNetTraceReader: TraceLocationReader {
    /// A frame's place: `) in path:line N`, or Mono's `] in path:N`.
    static let marks: [StaticString] = [":line ", "] in "]

    static func location(in lines: [Substring], className: String?) -> SourceLocation? {
        for line in lines {
            let trimmed = line.trimmingBlanks
            guard trimmed.hasPrefix("at "), let place = place(in: trimmed) else { continue }
            let method = trimmed.dropFirst(3)[..<place.inRange.lowerBound]
            // The test's own class is never a framework's, even in a framework's own tests (`NUnit.Tests.…`).
            let isTestsOwn = className.map { !$0.isEmpty && method.hasPrefix($0 + ".") } ?? false
            guard isTestsOwn || !frameworkPrefixes.contains(where: { method.hasPrefix($0) }) else { continue }
            return place.location
        }
        return nil
    }

    /// The file and line after ` in ` (`path:line N`, or Mono's `path:N`), and where ` in ` stands.
    private static func place(in frame: Substring) -> (location: SourceLocation, inRange: Range<Substring.Index>)? {
        if let marker = frame.range(of: ":line ", options: .backwards),
            let inRange = frame[..<marker.lowerBound].range(of: ") in ", options: .backwards)
        {
            let file = frame[inRange.upperBound..<marker.lowerBound]
            let digits = frame[marker.upperBound...].prefix { $0.isASCII && $0.isNumber }
            guard let number = Int(digits), number > 0, !file.isEmpty else { return nil }
            return (SourceLocation(file: String(file), line: number), inRange)
        }
        guard let inRange = frame.range(of: "] in ", options: .backwards),
            let location = TraceLocation.splitFileLine(frame[inRange.upperBound...])
        else { return nil }
        return (location, inRange)
    }

    /// Namespaces whose frames are never the test's own.
    static let frameworkPrefixes = [
        "System.", "Microsoft.", "Xunit.", "NUnit.", "FluentAssertions.", "Shouldly.", "MSTest.",
    ]
}
