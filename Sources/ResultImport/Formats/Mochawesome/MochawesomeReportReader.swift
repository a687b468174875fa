import ResultModel

/// Reads a mochawesome report suite by suite: each suite's `tests` (state `passed` or `failed`, `pending`, or
/// `skipped` when a hook failed before them), its failed `beforeHooks` and `afterHooks` as failed tests, and its
/// nested `suites`. A test's `context` (mochawesome's `addContext`) becomes its properties.
struct MochawesomeReportReader {
    let session: JSONReportSession

    func readReport(_ reader: inout JSONPullReader) throws {
        var declared: [String: Int] = [:]
        try reader.readObject { reader, key in
            switch key {
            case "stats":
                declared = try reader.readValue().counts(["testsRegistered", "passes", "pending", "skipped"])
            case "results":
                try reader.readArray { reader, _ in try readSuite(&reader, parents: []) }
            case "suites":
                try readSuite(&reader, parents: [])
            default:
                try reader.skipValue()
            }
        }
        var totals = DeclaredTotals()
        totals.compare(
            "testsRegistered", declared: declared["testsRegistered"],
            found: session.count("passed", "failed", "pending", "skipped"))
        totals.compare("passes", declared: declared["passes"], found: session.count("passed"))
        totals.compare("pending", declared: declared["pending"], found: session.count("pending"))
        totals.compare("skipped", declared: declared["skipped"], found: session.count("skipped"))
        session.compare(totals, "the report's stats")
    }

    /// Reads one suite object; `parents` are the titles of the suites around it (the root suite's is empty).
    private func readSuite(_ reader: inout JSONPullReader, parents: [String]) throws {
        try TitledSuites.read(&reader, parents: parents) { reader, key, path in
            switch key {
            case "tests":
                try reader.readArray { reader, _ in try addTest(reader.readValue(), suites: path) }
            case "beforeHooks", "afterHooks":
                try reader.readArray { reader, _ in
                    let hook = try reader.readValue()
                    guard hook["state"]?.string == "failed" || hook["fail"]?.bool == true else { return }
                    try session.add(
                        MochaTestRecord.record(hook, suites: path, status: .failed), word: "hookFailed")
                }
            default:
                try reader.skipValue()
            }
        }
    }

    private func addTest(_ test: JSONValue, suites: [String]) throws {
        let word: String
        let status: TestStatus
        var reason: String?
        if test["state"]?.string == "failed" || test["fail"]?.bool == true {
            (word, status) = ("failed", .failed)
        } else if test["pending"]?.bool == true {
            (word, status, reason) = ("pending", .skipped, "pending")
        } else if test["skipped"]?.bool == true {
            (word, status, reason) = ("skipped", .skipped, "skipped after a hook failed")
        } else {
            (word, status) = ("passed", .passed)
        }
        var record = MochaTestRecord.record(test, suites: suites, status: status, reason: reason)
        record.properties += Self.context(test["context"])
        try session.add(record, word: word)
    }

    /// `addContext` values: a string, or `{title, value}`, or a list of them; mochawesome stores them as JSON text.
    static func context(_ value: JSONValue?) -> [NameValue] {
        guard let text = value?.string, !text.isEmpty else { return [] }
        let parsed: JSONValue? = Array(text.utf8).withUnsafeBufferPointer { buffer in
            var reader = JSONPullReader(buffer)
            return try? reader.readValue()
        }
        let items = parsed?.array ?? [parsed ?? .string(text)]
        return items.map { item in
            if let title = item["title"]?.string {
                let value = item["value"].map { $0.string ?? "(structured value)" } ?? ""
                return NameValue(name: title, value: value)
            }
            return NameValue(name: "context", value: item.string ?? text)
        }
    }
}
