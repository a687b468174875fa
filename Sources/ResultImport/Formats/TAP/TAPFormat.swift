/// The Test Anything Protocol, versions 12, 13 and 14 (node --test, node-tap, tape, Test::More and prove, bats,
/// pytest-tap).
struct TAPFormat: ResultFormat {
    var name: ImportFormat { .tap }
    var summary: String { "TAP 12, 13 and 14 streams (node --test, node-tap, Test::More, bats, pytest-tap)" }

    func recognizes(_ probe: FormatProbe) -> Bool {
        let first = probe.firstLine
        if first.hasPrefix("TAP version ") { return true }
        // TAP 12 has no version line: a plan or a test point first, and more test points after it.
        guard first.hasPrefix("1..") || first.hasPrefix("ok ") || first.hasPrefix("not ok ") || first == "ok" else {
            return false
        }
        return probe.anyLine(limit: 20) { $0.hasPrefix("ok") || $0.hasPrefix("not ok") }
    }

    func read(_ input: ImportInput, _ context: ImportContext) throws -> ImportOutcome {
        try TAPParser.read(input, context, as: .tap)
    }
}

extension ImportFormat {
    /// Test Anything Protocol streams.
    public static let tap = ImportFormat(declared: "tap")
}
