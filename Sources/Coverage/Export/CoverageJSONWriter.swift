import ResultSupport

/// ResultBundle's own coverage JSON: everything the model holds, one file per line (docs/COVERAGE.md, "The JSON
/// export", is its schema). It starts with `{"schema":"resultbundle-coverage","version":"1.0"`, by which the
/// importer recognises it, so an export reads back as the same run.
struct CoverageJSONWriter {
    /// The schema's version: the minor grows when members are added (readers skip members they do not know),
    /// the major when a member changes its meaning.
    static let version = "1.0"

    let options: CoverageExportOptions

    func write(_ run: CoverageRun, into output: inout ExportBuffer) throws {
        output.append(literal: "{\"schema\":\"resultbundle-coverage\",\"version\":\"")
        output.append(Self.version)
        output.append(literal: "\",\"producer\":")
        JSONEscaping.appendQuoted(options.producer, to: &output, scriptSafe: false)
        output.append(literal: ",\n\"totals\":")
        appendTotals(run.totals, to: &output)
        output.append(literal: ",\n\"files\":[")
        for (index, file) in run.files.enumerated() {
            output.append(literal: index == 0 ? "\n" : ",\n")
            write(file, into: &output)
            try output.flushIfLarge()
        }
        output.append(literal: "\n]}\n")
    }

    private func write(_ file: SourceFileCoverage, into output: inout ExportBuffer) {
        output.append(literal: "{\"path\":")
        JSONEscaping.appendQuoted(file.path, to: &output, scriptSafe: false)
        output.append(literal: ",\"totals\":")
        appendTotals(file.totals, to: &output)
        output.append(literal: ",\"lines\":[")
        for (index, line) in file.lines.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            appendArray([UInt64(line.line), line.count], to: &output)
        }
        output.append(literal: "],\"branches\":[")
        for (index, branches) in file.branches.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            appendArray([UInt64(branches.line), UInt64(branches.found), UInt64(branches.hit)], to: &output)
        }
        output.append(literal: "],\"functions\":[")
        for (index, function) in file.functions.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.append(literal: "{\"name\":")
            JSONEscaping.appendQuoted(function.name, to: &output, scriptSafe: false)
            output.append(literal: ",\"line\":")
            output.appendDecimal(function.line)
            output.append(literal: ",\"count\":")
            output.appendDecimal(function.count)
            output.append(UInt8(ascii: "}"))
        }
        output.append(literal: "],\"regions\":[")
        for (index, region) in file.regions.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            appendArray(
                [
                    UInt64(region.startLine), UInt64(region.startColumn), UInt64(region.endLine),
                    UInt64(region.endColumn), region.count,
                ], to: &output)
        }
        output.append(literal: "]}")
    }

    private func appendArray(_ numbers: [UInt64], to output: inout ExportBuffer) {
        output.append(UInt8(ascii: "["))
        for (index, number) in numbers.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.appendDecimal(number)
        }
        output.append(UInt8(ascii: "]"))
    }

    private func appendTotals(_ totals: CoverageTotals, to output: inout ExportBuffer) {
        output.append(literal: "{\"linesFound\":")
        output.appendDecimal(totals.linesFound)
        output.append(literal: ",\"linesHit\":")
        output.appendDecimal(totals.linesHit)
        output.append(literal: ",\"functionsFound\":")
        output.appendDecimal(totals.functionsFound)
        output.append(literal: ",\"functionsHit\":")
        output.appendDecimal(totals.functionsHit)
        output.append(literal: ",\"branchesFound\":")
        output.appendDecimal(totals.branchesFound)
        output.append(literal: ",\"branchesHit\":")
        output.appendDecimal(totals.branchesHit)
        output.append(UInt8(ascii: "}"))
    }
}
