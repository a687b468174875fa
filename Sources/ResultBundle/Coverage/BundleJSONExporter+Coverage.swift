import ResultModel

extension BundleJSONExporter {
    /// The export's `coverage` entries (schema 1.6): for each run with coverage, its totals and its files with
    /// theirs, in the bundle's order; the files' lines are not decoded.
    static func writeCoverage(
        of reader: BundleReader, to json: inout JSONBytes, drain: (inout JSONBytes) throws -> Void
    ) throws {
        for runIndex in reader.runsWithCoverage {
            guard let totals = reader.coverageTotals(ofRun: runIndex) else { continue }
            json.beginObject()
            json.key("runIndex"); json.int(runIndex)
            json.key("totals"); writeTotals(totals, to: &json)
            json.key("files"); json.beginArray()
            for file in try reader.coverageFiles(ofRun: runIndex) {
                json.beginObject()
                json.key("path"); json.string(file.path)
                json.key("totals"); writeTotals(file.totals, to: &json)
                json.endObject()
                if json.count > 32 << 10 { try drain(&json) }
            }
            json.endArray()
            json.endObject()
        }
    }

    private static func writeTotals(_ totals: CoverageTotals, to json: inout JSONBytes) {
        json.beginObject()
        json.key("linesFound"); json.int(totals.linesFound)
        json.key("linesHit"); json.int(totals.linesHit)
        json.key("functionsFound"); json.int(totals.functionsFound)
        json.key("functionsHit"); json.int(totals.functionsHit)
        json.key("branchesFound"); json.int(totals.branchesFound)
        json.key("branchesHit"); json.int(totals.branchesHit)
        json.endObject()
    }
}
