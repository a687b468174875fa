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
        ExportText.forEachLine(of: file) { line, branches in
            output.append(literal: "    <lineToCover lineNumber=\"")
            output.appendDecimal(line.line)
            output.append(literal: line.count > 0 ? "\" covered=\"true" : "\" covered=\"false")
            if let branches {
                output.append(literal: "\" branchesToCover=\"")
                output.appendDecimal(branches.found)
                output.append(literal: "\" coveredBranches=\"")
                output.appendDecimal(branches.hit)
            }
            output.append(literal: "\"/>\n")
        }
        output.append(literal: "  </file>\n")
    }
}
