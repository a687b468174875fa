import Coverage
import Foundation
import ResultBundle
import ResultModel
import Testing
import _TestSupport

@testable import HTMLReport

/// The coverage pages' parts: the tree and its orders, safe page names, numbers that never overstate, and a source
/// annotated line by line.
struct CoveragePagesTests {
    static func totals(found: Int, hit: Int) -> CoverageTotals {
        var totals = CoverageTotals()
        totals.linesFound = found
        totals.linesHit = hit
        return totals
    }

    @Test func treeGroupsFilesByModuleAndFolder() {
        #expect(CoverageTree.place(of: "Sources/App/Parsing/Lexer.swift") == ("Sources/App", "Parsing", "Lexer.swift"))
        #expect(CoverageTree.place(of: "Sources/App/main.swift") == ("Sources/App", "", "main.swift"))
        #expect(CoverageTree.place(of: "src/net/http/client.c") == ("src", "net/http", "client.c"))
        #expect(CoverageTree.place(of: "Sources/x.swift") == ("Sources", "", "x.swift"))
        #expect(CoverageTree.place(of: "setup.py") == (".", "", "setup.py"))
    }

    @Test func treeSumsAndSortsEachLevel() {
        var table = CoverageFileTable()
        table.add(path: "src/a.c", totals: Self.totals(found: 10, hit: 10), pageNumber: 1)
        table.add(path: "src/b.c", totals: Self.totals(found: 100, hit: 50), pageNumber: 0)
        table.add(path: "src/util/c.c", totals: Self.totals(found: 4, hit: 1), pageNumber: 0)
        table.add(path: "lib/d.c", totals: Self.totals(found: 0, hit: 0), pageNumber: 0)
        let tree = CoverageTree(table: table)
        #expect(tree.totals.linesFound == 114 && tree.totals.linesHit == 61)
        func paths(_ order: CoverageTree.Order) -> [String] {
            tree.positions(in: order).map { tree.table.path(of: Int(tree.pathOrder[Int($0)])) }
        }
        func name(_ module: CoverageTree.Group) -> String {
            let folder = tree.folders[Int(module.first)]
            return tree.table.place(of: Int(tree.pathOrder[Int(folder.first)])).module
        }
        #expect(tree.modules.map(name) == ["lib", "src"])
        #expect(tree.modules[1].linesFound == 114 && tree.modules[1].linesHit == 61)
        #expect(
            tree.folders.map { tree.table.place(of: Int(tree.pathOrder[Int($0.first)])).folder } == ["", "", "util"])
        #expect(tree.folders[1].linesFound == 110 && tree.folders[1].end - tree.folders[1].first == 2)
        #expect(paths(.path) == ["lib/d.c", "src/a.c", "src/b.c", "src/util/c.c"])
        #expect(table.rows[0].pageNumber == 1 && table.rows[1].pageNumber == 0)
        // lib has no lines: last; in src, util (25%) before the files directly in it (55%), b.c (50%) before a.c.
        #expect(paths(.coverage) == ["src/util/c.c", "src/b.c", "src/a.c", "lib/d.c"])
        // src misses 53 lines, lib none; in src, its own files (50) before util (3).
        #expect(paths(.uncovered) == ["src/b.c", "src/a.c", "src/util/c.c", "lib/d.c"])
    }

    @Test func treeKeepsUnusualPathsAndRootFiles() {
        var table = CoverageFileTable()
        for path in ["setup.py", "/abs/x.c", "a//b/c.c", "Sources/App/main.swift", "Sources/x.swift"] {
            table.add(path: path, totals: Self.totals(found: 1, hit: 1), pageNumber: 0)
        }
        let tree = CoverageTree(table: table)
        #expect(
            (0..<5).map { table.path(of: $0) } == [
                "setup.py", "/abs/x.c", "a//b/c.c", "Sources/App/main.swift", "Sources/x.swift",
            ])
        #expect(table.place(of: 1) == ("abs", "", "x.c") && table.place(of: 2) == ("a", "b", "c.c"))
        #expect(table.place(of: 0) == (".", "", "setup.py"))
        let modules = tree.positions(in: .path).map { table.place(of: Int(tree.pathOrder[Int($0)])).module }
        #expect(modules == [".", "Sources", "Sources/App", "a", "abs"])
    }

    @Test func pageNamesStayInTheirFolderAndNeverCollide() {
        var names = CoveragePageNames()
        let hostile = [
            "../../etc/passwd", "/abs/x.c", "src/<img src=x onerror=alert(1)>.c", "src/.hidden", "a/..", "ünï/cödé.py",
            "x/main.c", "y/main.c", "x/main.c",
        ]
        var seen: Set<String> = []
        for path in hostile {
            let page = names.pagePath(for: path)
            #expect(page.hasPrefix("coverage/files/") && page.hasSuffix(".html"))
            let name = page.dropFirst("coverage/files/".count)
            #expect(!name.contains("/") && !name.hasPrefix(".") && !name.contains(".."))
            #expect(name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
            #expect(seen.insert(page).inserted, "\(page) given twice")
        }
        // The same path gets the same name in every report (the hash is stable), and a repeat a counter.
        var first = CoveragePageNames()
        var second = CoveragePageNames()
        #expect(first.pagePath(for: "x/main.c") == second.pagePath(for: "x/main.c"))
        #expect(CoveragePageNames.safeStem("src/<script>.c") == "script.c")
        #expect(CoveragePageNames.safeStem("../..") == "file")
    }

    @Test func percentagesNeverRoundUpToFull() {
        #expect(CoveragePercent.text(hit: 9_999, found: 10_000) == "99.9%")
        #expect(CoveragePercent.text(hit: 10, found: 10) == "100%")
        #expect(CoveragePercent.text(hit: 1, found: 3) == "33.3%")
        #expect(CoveragePercent.text(hit: 0, found: 0) == nil)
    }

    @Test func barsWriteTheirShareAsEveryCoverageTextDoes() {
        var html = OutputBuffer()
        CoverageBarHTML.append(hit: 21, found: 25, noun: "line", to: &html)
        #expect(html.string.contains("<span class=\"cov-pct\">84%</span>"))
        #expect(!html.string.contains("84.0%"))
    }

    @Test func hitCountsFitAColumnAndNeverGrow() {
        #expect(CoverageNumbers.hits(0) == "0")
        #expect(CoverageNumbers.hits(9_999) == "9999")
        #expect(CoverageNumbers.hits(12_399) == "12.3k")
        #expect(CoverageNumbers.hits(999_999) == "999k")
        #expect(CoverageNumbers.hits(4_560_000) == "4.5M")
        #expect(CoverageNumbers.hits(UInt64.max) == "18.4E")
    }

    @Test func sourceIsAnnotatedLineByLine() throws {
        let source =
            "int f(int x) {\r\n  if (x < 0)\n    return \"<script>alert(1)</script>\";\n  return x;\n}\n\nint g() {\n  return 0;\n}\n"
        let coverage = SourceFileCoverage(
            path: "f.c",
            lines: [
                CoveredLine(line: 1, count: 12), CoveredLine(line: 2, count: 12), CoveredLine(line: 3, count: 0),
                CoveredLine(line: 4, count: 12), CoveredLine(line: 7, count: 0), CoveredLine(line: 8, count: 0),
                CoveredLine(line: 40, count: 1),
            ],
            branches: [LineBranches(line: 2, found: 2, hit: 1)],
            functions: [
                CoveredFunction(name: "f", line: 1, count: 12), CoveredFunction(name: "g", line: 7, count: 0),
            ])
        let annotated = CoverageSourceHTML(source: Data(source.utf8), coverage: coverage)
        #expect(annotated.lineCount == 9)
        #expect(annotated.linesPastEnd == 1)
        #expect(annotated.uncoveredStretches == [3...3, 7...8])
        let lines = annotated.sourceHTML.string.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "<span id=\"L1\"><b>1</b><i>12</i>int f(int x) {</span>")
        #expect(lines[1] == "<span class=\"p\"><b>2</b><i>12</i>  if (x &lt; 0)<em>1 of 2 branches taken</em></span>")
        #expect(
            lines[2]
                == "<span class=\"u r\" id=\"L3\"><b>3</b><i>0</i>    return &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;;"
                + "<a class=\"jump\" href=\"#L7\">↓<span class=\"sr-only\"> next uncovered (line 7)</span></a></span>")
        #expect(lines[5] == "<b>6</b><i></i>")
        #expect(
            lines[6].hasPrefix(
                "<span class=\"u r\" id=\"L7\"><b>7</b><i>0</i>int g() {<a class=\"jump\" href=\"#L3\">↑"))
        #expect(lines[7] == "<span class=\"u\"><b>8</b><i>0</i>  return 0;</span>")
        #expect(!annotated.sourceHTML.string.contains("<script>"))
        #expect(
            annotated.stretchListHTML()
                == "<ul class=\"cov-stretches\"><li><a href=\"#L3\">3</a></li><li><a href=\"#L7\">7–8</a></li></ul>")
    }

    @Test func aCutLineEndsOnACharacterBoundary() {
        let line = String(repeating: "é", count: CoverageSourceHTML.maxLineBytes)
        let annotated = CoverageSourceHTML(
            source: Data(line.utf8), coverage: SourceFileCoverage(path: "x", lines: [CoveredLine(line: 1, count: 1)]))
        let html = annotated.sourceHTML.string
        #expect(html.hasSuffix("…\n"))
        #expect(!html.contains("\u{FFFD}"))
        #expect(html.utf8.count < CoverageSourceHTML.maxLineBytes + 40)
    }
}
