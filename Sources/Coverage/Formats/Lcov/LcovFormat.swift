import ResultImport

/// lcov tracefiles (`.info`), written by lcov/geninfo, gcovr, coverage.py, Istanbul, grcov, cargo-llvm-cov and
/// others: records from `SF:` to `end_of_record`, read line by line as a stream.
struct LcovFormat: CoverageFormat {
    var name: String { "lcov" }
    var summary: String { "lcov tracefiles (lcov, gcovr, coverage.py, Istanbul, grcov, cargo-llvm-cov)" }
    var sumsRepeatedLines: Bool { true }

    func recognizes(_ probe: FormatProbe) -> Bool {
        guard !probe.isXML, !probe.isJSON else { return false }
        let first = probe.firstLine
        return first.hasPrefix("TN:") || first.hasPrefix("SF:") || first.hasPrefix("VER:")
    }

    func read(_ input: ImportInput, into context: CoverageInputContext) throws {
        var record = LcovRecordReader(context: context)
        try input.forEachLine(fileName: context.fileName) { line in
            context.inputLine = line.number
            try record.read(line.bytes, lineNumber: line.number)
        }
        try record.finish()
    }
}
