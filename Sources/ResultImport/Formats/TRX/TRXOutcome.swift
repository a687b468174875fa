import ResultModel

/// A TRX result's `outcome` word and what it means (docs/IMPORT.md, "trx").
enum TRXOutcome {
    /// The status of `word` (`nil` when absent); an unknown word is a failure, so nothing unexplained passes.
    static func status(_ word: String?) -> TestStatus {
        switch word?.lowercased() {
        case "passed", "passedbutrunaborted", "completed": .passed
        case "warning": .warning
        case "timeout": .timedOut
        case "aborted", "disconnected", "inprogress": .interrupted
        case "notexecuted", "inconclusive", "notrunnable", "pending": .skipped
        default: .failed
        }
    }

    /// The Counters attribute that counts results with `word` (`passed`, `notExecuted`...): the word with its
    /// first letter lowered.
    static func counter(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.lowercased() + word.dropFirst()
    }

    /// The Counters attributes compared with the results read (`total` is every result). `executed` and
    /// `notExecuted` are not: vstest counts a skipped test (outcome `NotExecuted`) in `total` and in neither of them.
    static let counters = [
        "passed", "failed", "error", "timeout", "aborted", "inconclusive", "passedButRunAborted", "notRunnable",
        "disconnected", "warning", "completed", "inProgress", "pending",
    ]

    /// TRX's duration, `[d.]hh:mm:ss[.fffffff]`, in seconds; `nil` for any other text.
    static func duration(_ text: String?) -> Double? {
        guard let text, !text.isEmpty else { return nil }
        var days = 0.0
        var clock = Substring(text)
        if let dot = clock.firstIndex(of: "."), let colon = clock.firstIndex(of: ":"), dot < colon {
            guard let value = Double(clock[..<dot]) else { return nil }
            days = value
            clock = clock[clock.index(after: dot)...]
        }
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hours = Double(parts[0]), let minutes = Double(parts[1]),
            let seconds = Double(parts[2])
        else { return nil }
        let total = ((days * 24 + hours) * 60 + minutes) * 60 + seconds
        return total.isFinite && total >= 0 ? total : nil
    }
}
