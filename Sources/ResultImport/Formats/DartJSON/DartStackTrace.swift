import ResultModel

/// Dart's terse stack traces (`test/main_test.dart 13:9  main.<fn>`, `package:app/x.dart 2:3  f`): the first
/// frame outside the Dart SDK and the test framework.
enum DartStackTrace {
    static func location(in trace: String) -> SourceLocation? {
        for line in trace.split(separator: "\n") {
            let words = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            guard words.count >= 2, words[0].hasSuffix(".dart") else { continue }
            let file = words[0]
            if file.hasPrefix("dart:") || frameworkPackages.contains(where: { file.hasPrefix($0) }) { continue }
            let numbers = words[1].split(separator: ":")
            guard let line = numbers.first.flatMap({ Int($0) }), line > 0 else { continue }
            let column = numbers.dropFirst().first.flatMap { Int($0) }
            return SourceLocation(file: file.replacingBackslashes, line: line, column: column)
        }
        return nil
    }

    private static let frameworkPackages = [
        "package:test/", "package:test_api/", "package:test_core/", "package:matcher/", "package:flutter_test/",
        "package:stack_trace/",
    ]
}

extension Substring {
    /// The text with Windows path separators as `/`, so a path names the same file on every system.
    var replacingBackslashes: String { String(map { $0 == "\\" ? "/" : $0 }) }
}
