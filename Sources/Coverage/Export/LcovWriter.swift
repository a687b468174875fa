/// An lcov tracefile as geninfo writes it: one record per file (`SF:` to `end_of_record`) with its functions
/// (`FN`, `FNDA`, `FNF`, `FNH`), branches (`BRDA`, `BRF`, `BRH`) and lines (`DA`, `LF`, `LH`).
///
/// The model keeps how many of a line's branch outcomes were taken, not how often nor which: outcome `i` of a
/// line is written taken once when `i` is below the line's hit outcomes, else `0`, or `-` when the line never ran
/// (lcov's "block not executed"). Paths are written as the model has them, relative to the source root, so
/// `genhtml` run in the source root finds the sources. A function whose line is unknown gets `FNDA` only (lcov
/// reads it at line 0), and a line break in a path or name (a line-based format cannot hold one) becomes a space.
struct LcovWriter {
    func write(_ run: CoverageRun, into output: inout ExportBuffer) throws {
        for file in run.files {
            write(file, into: &output)
            try output.flushIfLarge()
        }
    }

    private func write(_ file: SourceFileCoverage, into output: inout ExportBuffer) {
        output.append(literal: "TN:\nSF:")
        output.append(ExportText.oneLine(file.path))
        output.append(10)
        let names = file.functions.map { ExportText.oneLine($0.name) }
        for (function, name) in zip(file.functions, names) where function.line > 0 {
            output.append(literal: "FN:")
            output.appendDecimal(function.line)
            output.append(UInt8(ascii: ","))
            output.append(name)
            output.append(10)
        }
        var functionsHit = 0
        for (function, name) in zip(file.functions, names) {
            output.append(literal: "FNDA:")
            output.appendDecimal(function.count)
            output.append(UInt8(ascii: ","))
            output.append(name)
            output.append(10)
            if function.count > 0 { functionsHit += 1 }
        }
        output.append(literal: "FNF:")
        output.appendDecimal(file.functions.count)
        output.append(literal: "\nFNH:")
        output.appendDecimal(functionsHit)
        output.append(10)
        var branchesFound = 0
        var branchesHit = 0
        for branches in file.branches where branches.found > 0 {
            let lineRan = (file.count(ofLine: branches.line) ?? 0) > 0 || branches.hit > 0
            for outcome in 0..<branches.found {
                output.append(literal: "BRDA:")
                output.appendDecimal(branches.line)
                output.append(literal: ",0,")
                output.appendDecimal(outcome)
                output.append(UInt8(ascii: ","))
                if !lineRan {
                    output.append(UInt8(ascii: "-"))
                } else {
                    output.append(outcome < branches.hit ? UInt8(ascii: "1") : UInt8(ascii: "0"))
                }
                output.append(10)
            }
            branchesFound += Int(branches.found)
            branchesHit += Int(branches.hit)
        }
        output.append(literal: "BRF:")
        output.appendDecimal(branchesFound)
        output.append(literal: "\nBRH:")
        output.appendDecimal(branchesHit)
        output.append(10)
        var linesHit = 0
        for line in file.lines {
            output.append(literal: "DA:")
            output.appendDecimal(line.line)
            output.append(UInt8(ascii: ","))
            output.appendDecimal(line.count)
            output.append(10)
            if line.count > 0 { linesHit += 1 }
        }
        output.append(literal: "LF:")
        output.appendDecimal(file.lines.count)
        output.append(literal: "\nLH:")
        output.appendDecimal(linesHit)
        output.append(literal: "\nend_of_record\n")
    }
}
