import ResultModel

/// Reads Mocha's JSON report. Its `tests` array does not say how each test ended, so the tests are read from
/// `pending`, `failures` and `passes`, which hold each test once by outcome; `failures` also holds failed hooks,
/// which are written as failed tests.
struct MochaReportReader {
    let session: JSONReportSession

    func readReport(_ reader: inout JSONPullReader) throws {
        var declared: [String: Int] = [:]
        try reader.readObject { reader, key in
            switch key {
            case "stats":
                declared = try reader.readValue().counts(["tests", "passes", "pending", "failures"])
            case "pending":
                try reader.readArray { reader, _ in
                    let test = try reader.readValue()
                    try add(test, status: .skipped, word: "pending")
                }
            case "failures":
                try reader.readArray { reader, _ in
                    let test = try reader.readValue()
                    let isHook = MochaTestRecord.isHook(test["title"]?.string ?? "")
                    try add(test, status: .failed, word: isHook ? "hookFailed" : "failed")
                }
            case "passes":
                try reader.readArray { reader, _ in
                    let test = try reader.readValue()
                    try add(test, status: .passed, word: "passed")
                }
            default:
                try reader.skipValue()
            }
        }
        var totals = DeclaredTotals()
        totals.compare("tests", declared: declared["tests"], found: session.count("passed", "pending", "failed"))
        totals.compare("passes", declared: declared["passes"], found: session.count("passed"))
        totals.compare("pending", declared: declared["pending"], found: session.count("pending"))
        totals.compare("failures", declared: declared["failures"], found: session.count("failed", "hookFailed"))
        session.compare(totals, "the report's stats")
    }

    private func add(_ test: JSONValue, status: TestStatus, word: String) throws {
        let title = test["title"]?.string ?? ""
        var record = MochaTestRecord.record(
            test, suites: MochaTestRecord.suites(fullTitle: test["fullTitle"]?.string, title: title), status: status)
        if let file = test["file"]?.string, !file.isEmpty { record.location = SourceLocation(file: file, line: 0) }
        try session.add(record, word: word)
    }
}
