import ResultModel

/// .NET: `at MyApp.Tests.CalcTests.Adds() in /src/MyApp.Tests/CalcTests.cs:line 17`. The innermost frame with a
/// file outside the runtime and the test frameworks (their frames seldom carry files anyway).
enum DotNetTraceReader: TraceLocationReader {
    static func location(in lines: [Substring], className: String?) -> SourceLocation? {
        for line in lines {
            let trimmed = line.trimmingBlanks
            guard trimmed.hasPrefix("at "), let marker = trimmed.range(of: ":line ", options: .backwards),
                let inRange = trimmed[..<marker.lowerBound].range(of: ") in ", options: .backwards)
            else { continue }
            let method = trimmed.dropFirst(3)[..<inRange.lowerBound]
            guard !frameworkPrefixes.contains(where: { method.hasPrefix($0) }) else { continue }
            let file = trimmed[inRange.upperBound..<marker.lowerBound]
            let digits = trimmed[marker.upperBound...].prefix { $0.isASCII && $0.isNumber }
            guard let number = Int(digits), number > 0, !file.isEmpty else { continue }
            return SourceLocation(file: String(file), line: number)
        }
        return nil
    }

    /// Namespaces whose frames are never the test's own.
    static let frameworkPrefixes = [
        "System.", "Microsoft.", "Xunit.", "NUnit.", "FluentAssertions.", "Shouldly.", "MSTest.",
    ]
}
