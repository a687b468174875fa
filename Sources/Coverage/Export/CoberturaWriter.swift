/// Cobertura XML, valid against Cobertura's `coverage-04.dtd`, in the layout coverage.py and gcovr write: one
/// `<package>` per folder (named with dots, `.` for the root), one `<class>` per file (named by the file's name,
/// `filename` its path), its functions as `<method>` elements whose one `<line>` gives the function's line and
/// count, and its lines with `branch="true" condition-coverage="50% (1/2)"` where branches start.
///
/// What the DTD leaves no room for is not written: regions, the count of a function whose line is unknown (its
/// `<method>` has no `<line>`), and branches on a line that is not one that could run (a `<line>` there would add
/// a line to the totals).
struct CoberturaWriter {
    let options: CoverageExportOptions

    func write(_ run: CoverageRun, into output: inout ExportBuffer) throws {
        let totals = run.totals
        output.append(literal: "<?xml version=\"1.0\" ?>\n")
        output.append(literal: "<!DOCTYPE coverage SYSTEM \"http://cobertura.sourceforge.net/xml/coverage-04.dtd\">\n")
        output.append(literal: "<coverage line-rate=\"")
        output.append(ExportText.rate(totals.linesHit, of: totals.linesFound))
        output.append(literal: "\" branch-rate=\"")
        output.append(ExportText.rate(totals.branchesHit, of: totals.branchesFound))
        output.append(literal: "\" lines-covered=\"")
        output.appendDecimal(totals.linesHit)
        output.append(literal: "\" lines-valid=\"")
        output.appendDecimal(totals.linesFound)
        output.append(literal: "\" branches-covered=\"")
        output.appendDecimal(totals.branchesHit)
        output.append(literal: "\" branches-valid=\"")
        output.appendDecimal(totals.branchesFound)
        output.append(literal: "\" complexity=\"0\" version=\"")
        ExportText.appendXMLAttribute(options.producer, to: &output)
        output.append(literal: "\" timestamp=\"")
        // A time no 64-bit count of milliseconds holds (or before 1970) is written as 0.
        output.appendDecimal(max(0, Int64(exactly: (options.timestamp * 1000).rounded(.down)) ?? 0))
        output.append(literal: "\">\n")
        if let root = options.sourceRoot {
            output.append(literal: "  <sources>\n    <source>")
            ExportText.appendXMLAttribute(root, to: &output)
            output.append(literal: "</source>\n  </sources>\n")
        }
        output.append(literal: "  <packages>\n")
        for package in Self.packages(of: run) {
            try write(package, of: run, into: &output)
        }
        output.append(literal: "  </packages>\n</coverage>\n")
    }

    /// The files of each folder, folders in order of their names.
    /// - Complexity: O(n log n) in the files.
    static func packages(of run: CoverageRun) -> [(name: String, files: [Int])] {
        var byFolder: [String: [Int]] = [:]
        for (index, file) in run.files.enumerated() {
            byFolder[folder(of: file.path), default: []].append(index)
        }
        return byFolder.sorted { $0.key < $1.key }.map { folder, files in
            (folder.isEmpty ? "." : folder.replacingOccurrences(of: "/", with: "."), files)
        }
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    private func write(_ package: (name: String, files: [Int]), of run: CoverageRun, into output: inout ExportBuffer)
        throws
    {
        var totals = CoverageTotals()
        for index in package.files { totals.add(run.files[index]) }
        output.append(literal: "    <package name=\"")
        ExportText.appendXMLAttribute(package.name, to: &output)
        appendRates(totals, to: &output)
        output.append(literal: ">\n      <classes>\n")
        for index in package.files {
            write(run.files[index], into: &output)
            try output.flushIfLarge()
        }
        output.append(literal: "      </classes>\n    </package>\n")
    }

    private func write(_ file: SourceFileCoverage, into output: inout ExportBuffer) {
        let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
        output.append(literal: "        <class name=\"")
        ExportText.appendXMLAttribute(name, to: &output)
        output.append(literal: "\" filename=\"")
        ExportText.appendXMLAttribute(file.path, to: &output)
        appendRates(file.totals, to: &output)
        output.append(literal: ">\n          <methods>\n")
        for function in file.functions {
            output.append(literal: "            <method name=\"")
            ExportText.appendXMLAttribute(function.name, to: &output)
            let rate: StaticString = function.count > 0 ? "1" : "0"
            output.append(literal: "\" signature=\"\" line-rate=\"")
            output.append(literal: rate)
            output.append(literal: "\" branch-rate=\"")
            output.append(literal: rate)
            output.append(literal: "\" complexity=\"0\">\n")
            if function.line > 0 {
                output.append(literal: "              <lines>\n                <line number=\"")
                output.appendDecimal(function.line)
                output.append(literal: "\" hits=\"")
                output.appendDecimal(function.count)
                output.append(literal: "\"/>\n              </lines>\n")
            } else {
                output.append(literal: "              <lines/>\n")
            }
            output.append(literal: "            </method>\n")
        }
        output.append(literal: "          </methods>\n          <lines>\n")
        ExportText.forEachLine(of: file) { line, branches in
            output.append(literal: "            <line number=\"")
            output.appendDecimal(line.line)
            output.append(literal: "\" hits=\"")
            output.appendDecimal(line.count)
            if let branches {
                output.append(literal: "\" branch=\"true\" condition-coverage=\"")
                output.appendDecimal(UInt64(branches.hit) * 100 / UInt64(branches.found))
                output.append(literal: "% (")
                output.appendDecimal(branches.hit)
                output.append(UInt8(ascii: "/"))
                output.appendDecimal(branches.found)
                output.append(UInt8(ascii: ")"))
            } else {
                output.append(literal: "\" branch=\"false")
            }
            output.append(literal: "\"/>\n")
        }
        output.append(literal: "          </lines>\n        </class>\n")
    }

    /// `" line-rate="…" branch-rate="…" complexity="0"`, closing the attribute before it.
    private func appendRates(_ totals: CoverageTotals, to output: inout ExportBuffer) {
        output.append(literal: "\" line-rate=\"")
        output.append(ExportText.rate(totals.linesHit, of: totals.linesFound))
        output.append(literal: "\" branch-rate=\"")
        output.append(ExportText.rate(totals.branchesHit, of: totals.branchesFound))
        output.append(literal: "\" complexity=\"0\"")
    }
}
