import Foundation
import ResultBundle
import ResultModel
import Testing
import _TestSupport

@testable import HTMLReport

/// A coverage tree larger than a page: each order split into pages linked from one another, every file on exactly
/// one page of each order, in the order the unpaged tree shows them.
@Suite struct CoverageTreePagingTests {
    /// 1,234 files: a module of many one-file folders, a folder of 400 files, files at the root and paths with
    /// empty components, with shares from 0 to 100%.
    static func coverage() -> CoverageRun {
        var files: [SourceFileCoverage] = []
        for index in 0..<1_234 {
            let path =
                switch index % 5 {
                case 0: "src/d\(index)/f\(index).c"
                case 1: "lib/big/f\(index).c"
                case 2: "Sources/Mod\(index % 7)/x\(index).swift"
                case 3: "root\(index).py"
                default: "odd//x/\(index).c"
                }
            let lines = (1...(index % 9 + 1)).map { CoveredLine(line: UInt32($0), count: UInt64(($0 + index) % 3)) }
            files.append(SourceFileCoverage(path: path, lines: lines))
        }
        return CoverageRun(files: files)
    }

    static func report(filesPerPage: Int) throws -> URL {
        let root = try TestPaths.makeTemporaryDirectory("coverage-paging")
        let site = root.appendingPathComponent("site")
        try "int f;\n".write(to: root.appendingPathComponent("root3.py"), atomically: true, encoding: .utf8)
        var options = ReportOptions(title: "Paging", outputDirectory: site, sourceRoot: root)
        options.coverageFilesPerTreePage = filesPerPage
        let results = InMemoryResults()
        let run = try results.beginRun(RunRecord(producer: "tests", source: "test", workingDirectory: root.path))
        try results.endRun(run, RunEnd(exitCode: 0))
        _ = try ReportGenerator(options: options).generate(from: [results], coverage: coverage(), coverageRoot: root)
        return site
    }

    /// The files of each page reached from `first` by the pages' links, in page order, and the pages' names.
    static func walk(_ site: URL, from first: String, stem: String) throws -> (paths: [String], pages: [String]) {
        var pages = [first]
        var seen: Set<String> = [first]
        var paths: [String] = []
        var index = 0
        while index < pages.count {
            let html = try String(contentsOf: site.appendingPathComponent(pages[index]), encoding: .utf8)
            paths += try matches(of: #"class="cov-file" data-path="([^"]*)""#, in: html)
            for link in try matches(of: #"href="(\#(stem)(-[0-9]+)?\.html)""#, in: html)
            where seen.insert(link).inserted {
                pages.append(link)
            }
            index += 1
        }
        let number = { (page: String) -> Int in Int(page.dropFirst(stem.count + 1).dropLast(5)) ?? 1 }
        return (paths, pages.sorted { number($0) < number($1) })
    }

    static func matches(of pattern: String, in text: String) throws -> [String] {
        let expression = try NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test func everyFileIsReachableOnceInEachOrderAcrossThePages() throws {
        let paged = try Self.report(filesPerPage: 100)
        let whole = try Self.report(filesPerPage: 10_000)
        let expected = Set(Self.coverage().files.map(\.path))
        for order in CoverageTree.Order.allCases {
            let stem = String(order.page.dropLast(5))
            var pages: [String] = []
            var paths: [String] = []
            // Pages are read in their numbers' order: the files of page 2 follow those of page 1.
            let walked = try Self.walk(paged, from: order.page, stem: stem)
            for page in walked.pages {
                pages.append(page)
                let html = try String(contentsOf: paged.appendingPathComponent(page), encoding: .utf8)
                paths += try Self.matches(of: #"class="cov-file" data-path="([^"]*)""#, in: html)
            }
            #expect(pages.count == 13, "\(order): \(pages)")
            #expect(paths.count == 1_234 && Set(paths) == expected)
            let unpaged = try Self.walk(whole, from: order.page, stem: stem)
            #expect(unpaged.pages == [order.page])
            #expect(paths == unpaged.paths, "\(order): the pages keep the unpaged tree's order")
        }
        let first = try String(contentsOf: paged.appendingPathComponent("coverage.html"), encoding: .utf8)
        #expect(first.contains("Page 1 of 13: files 1 to 100, by path."))
        #expect(first.contains("data-cov-paged"))
        #expect(
            !(try String(contentsOf: whole.appendingPathComponent("coverage.html"), encoding: .utf8)).contains(
                "data-cov-paged"))
        // The one file whose source is there is linked from its page of the tree.
        let linked = try CoverageTreePagingTests.walk(paged, from: "coverage.html", stem: "coverage").pages.contains {
            (try? String(contentsOf: paged.appendingPathComponent($0), encoding: .utf8))?.contains(
                "href=\"coverage/files/root3.py-") ?? false
        }
        #expect(linked)
    }

    @Test func aTreeOfManyPagesHoldsMoreFilesAPage() {
        #expect(CoveragePages.filesPerPage(preferred: 5_000, files: 5_000) == 5_000)
        #expect(CoveragePages.filesPerPage(preferred: 5_000, files: 1_000_000) == 5_000)
        #expect(CoveragePages.filesPerPage(preferred: 100, files: 1_000_000) == 1_000)
    }
}
