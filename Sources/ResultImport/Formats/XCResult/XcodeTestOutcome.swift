import ResultModel

/// The words Xcode's results use for outcomes, in the `.xcresult` database (`Success`, `Failure`, `Skipped`,
/// `Expected Failure`) and in `xcresulttool get test-results` JSON (`Passed`, `Failed`, `Skipped`,
/// `Expected Failure`), and its failure messages (`File.swift:12: message`), shared by both readers.
enum XcodeTestOutcome {
    /// The status an outcome word stands for; an unknown word (`unknown`, a newer one) is ``TestStatus/unknown``.
    static func status(_ word: String?) -> TestStatus {
        switch word?.lowercased() {
        case "passed", "success", "succeeded": .passed
        case "failed", "failure": .failed
        case "skipped": .skipped
        case "expected failure", "expectedfailure": .expectedFailure
        default: .unknown
        }
    }

    /// The message and place of a failure message: `File.swift:12: XCTAssertTrue failed` is at `File.swift`
    /// line 12; a message without that prefix has no place.
    static func placed(_ text: String) -> (message: String, location: SourceLocation?) {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let line = Int(parts[1]), line >= 0, !parts[0].isEmpty,
            !parts[0].contains(" "), parts[0].contains(".")
        else { return (text, nil) }
        let message = parts[2].hasPrefix(" ") ? String(parts[2].dropFirst()) : String(parts[2])
        return (message, SourceLocation(file: String(parts[0]), line: line))
    }
}
