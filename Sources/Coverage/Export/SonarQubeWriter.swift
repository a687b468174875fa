/// SonarQube's generic test coverage XML, as its documentation describes it (`sonar.coverageReportPaths`):
/// `<coverage version="1">`, one `<file path>` per file, one `<lineToCover lineNumber covered>` per line that
/// could run, with `branchesToCover` and `coveredBranches` where branches start.
///
/// The format holds whether a line ran, not how often (a count of 1 reads back), and no functions or regions;
/// branches on a line that is not one that could run are left out, as in Cobertura.
struct SonarQubeWriter {
    func write(_ run: CoverageRun, into output: inout ExportBuffer) throws {
        output.append(literal: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<coverage version=\"1\">\n")
        for file in run.files {
            write(file, into: &output)
            try output.flushIfLarge()
        }
        output.append(literal: "</coverage>\n")
    }

    private func write(_ file: SourceFileCoverage, into output: inout ExportBuffer) {
        output.append(literal: "  <file path=\"")
        ExportText.appendXMLAttribute(file.path, to: &output)
        output.append(literal: "\">\n")
        var branchIndex = 0
        for line in file.lines {
            while branchIndex < file.branches.count && file.branches[branchIndex].line < line.line { branchIndex += 1 }
            output.append(literal: "    <lineToCover lineNumber=\"")
            output.appendDecimal(line.line)
            output.append(literal: line.count > 0 ? "\" covered=\"true" : "\" covered=\"false")
            if branchIndex < file.branches.count, file.branches[branchIndex].line == line.line,
                file.branches[branchIndex].found > 0
            {
                output.append(literal: "\" branchesToCover=\"")
                output.appendDecimal(file.branches[branchIndex].found)
                output.append(literal: "\" coveredBranches=\"")
                output.appendDecimal(file.branches[branchIndex].hit)
            }
            output.append(literal: "\"/>\n")
        }
        output.append(literal: "  </file>\n")
    }
}
