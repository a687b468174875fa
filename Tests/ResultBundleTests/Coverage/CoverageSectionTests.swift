import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultBundle

/// The bundle's coverage section: what is written reads back the same, listed without its lines, one file on
/// demand, found again by a scan, and damage reported rather than trapped on.
struct CoverageSectionTests {
    /// A file with every kind of entry and the awkward values: counts past 2^63, line 4,000,000,000, a function
    /// of unknown line, a region that ends before it starts.
    static let awkwardFile = SourceFileCoverage(
        path: "Sources/Calc/Calc.swift",
        lines: [
            CoveredLine(line: 1, count: 3), CoveredLine(line: 2, count: 3), CoveredLine(line: 3, count: 0),
            CoveredLine(line: 7, count: UInt64.max), CoveredLine(line: 8, count: 1 << 63),
            CoveredLine(line: 4_000_000_000, count: 5),
        ],
        branches: [LineBranches(line: 2, found: 2, hit: 1), LineBranches(line: 8, found: 4, hit: 4)],
        functions: [
            CoveredFunction(name: "anonymous", line: 0, count: 0),
            CoveredFunction(name: "$s4Calc3addyS2i_SitF", line: 1, count: 3),
            CoveredFunction(name: "é ∂ \u{0}", line: 7, count: UInt64.max),
        ],
        regions: [
            CoveredRegion(startLine: 1, startColumn: 1, endLine: 3, endColumn: 2, count: 3),
            CoveredRegion(startLine: 8, startColumn: 5, endLine: 6, endColumn: 1, count: 0),
        ])

    /// Many files of a run, as a generator of realistic shape makes them.
    static func manyFiles(_ count: Int, lines: Int) -> [SourceFileCoverage] {
        var generator = SeededGenerator(seed: 42)
        return (0..<count).map { number in
            var file = SourceFileCoverage(path: String(format: "Sources/Module%02d/File%05d.swift", number % 7, number))
            var line: UInt32 = 0
            for _ in 0..<lines {
                line += UInt32(generator.next() % 3) + 1
                file.lines.append(CoveredLine(line: line, count: generator.next() % 4 == 0 ? 0 : generator.next() % 50))
            }
            file.functions = [CoveredFunction(name: "f\(number)", line: 1, count: generator.next() % 2)]
            return file
        }
    }

    static func write(_ files: [SourceFileCoverage], label: String, close: Bool = true) throws -> URL {
        let url = try TestPaths.makeTemporaryDirectory(label).appendingPathComponent("\(label).resultbundle")
        let writer = try BundleWriter(creating: url, flushPolicy: .batched)
        _ = try SampleResults.writeMixedRun(into: writer)
        try writer.addCoverage(CoverageRun(files: files).files, runIndex: 0)
        if close { try writer.close() } else { try writer.flush() }
        return url
    }

    @Test func readsBackWhatWasWritten() throws {
        let files = [Self.awkwardFile, SourceFileCoverage(path: "empty.c")]
        let reader = try BundleReader(url: try Self.write(files, label: "coverage-round-trip"))
        #expect(reader.runsWithCoverage == [0])
        #expect(reader.coverageTotals(ofRun: 0) == CoverageRun(files: files).totals)
        #expect(reader.coverageFileCount(ofRun: 0) == 2)
        let run = try #require(try reader.coverage(ofRun: 0))
        #expect(run == CoverageRun(files: files))
        #expect(reader.damage.isEmpty)
    }

    @Test func listsFilesWithTotalsAndReadsOneOnDemand() throws {
        let files = Self.manyFiles(3_000, lines: 400)
        let reader = try BundleReader(url: try Self.write(files, label: "coverage-listing"))
        let listed = try reader.coverageFiles(ofRun: 0)
        #expect(listed.map(\.path) == files.map(\.path).sorted())
        #expect(listed.map(\.totals) == CoverageRun(files: files).files.map(\.totals))
        let wanted = try #require(listed.first { $0.path == files[1_234].path })
        #expect(try reader.coverage(of: wanted) == files[1_234])
        #expect(try reader.coverage(ofFile: files[17].path, runIndex: 0) == files[17])
        #expect(try reader.coverage(ofFile: "no/such/file.swift", runIndex: 0) == nil)
        #expect(try reader.coverageFiles(ofRun: 1).isEmpty)
    }

    @Test func rebuildsTheDirectoryOfAnUnclosedBundle() throws {
        let files = Self.manyFiles(3_000, lines: 100)
        let reader = try BundleReader(url: try Self.write(files, label: "coverage-unclosed", close: false))
        #expect(reader.indexSource == .rebuilt)
        #expect(reader.coverageTotals(ofRun: 0) == CoverageRun(files: files).totals)
        #expect(try reader.coverage(ofRun: 0) == CoverageRun(files: files))
    }

    @Test func refusesSecondCoverageAndRunsNotBegun() throws {
        let url = try TestPaths.makeTemporaryDirectory("coverage-misuse").appendingPathComponent("m.resultbundle")
        let writer = try BundleWriter(creating: url)
        #expect(throws: BundleError.self) { try writer.addCoverage([Self.awkwardFile], runIndex: 0) }
        _ = try SampleResults.writeMixedRun(into: writer)
        try writer.addCoverage([Self.awkwardFile], runIndex: 0)
        #expect(throws: BundleError.self) { try writer.addCoverage([Self.awkwardFile], runIndex: 0) }
        var unordered = Self.awkwardFile
        unordered.lines.reverse()
        let second = try BundleWriter(
            creating: url.deletingLastPathComponent().appendingPathComponent("n.resultbundle"))
        _ = try SampleResults.writeMixedRun(into: second)
        #expect(throws: BundleError.self) { try second.addCoverage([unordered], runIndex: 0) }
    }

    /// Every byte of a small coverage frame's payload changed, and every cut of it: a damage or a value, never a
    /// trap, and never more lines than the limit.
    @Test func damagedPayloadsAreReportedNotTrappedOn() throws {
        var builder = CoverageFrameBuilder(runIndex: 0)
        builder.add(Self.awkwardFile)
        let payload = builder.payload()
        let table = try CoverageFrameLayout.readTable(payload)
        #expect(try CoverageFrameLayout.readFile(table.entries[0], in: payload) == Self.awkwardFile)
        for position in payload.indices {
            for value: UInt8 in [0x00, 0x7F, 0xFF] {
                var damaged = payload
                damaged[position] = value
                if let table = try? CoverageFrameLayout.readTable(damaged) {
                    for entry in table.entries {
                        if let file = try? CoverageFrameLayout.readFile(entry, in: damaged) {
                            #expect(file.lines.count <= CoverageFileCoding.maxLinesPerFile)
                        }
                    }
                }
            }
        }
        for length in 0..<payload.count {
            #expect(throws: BundleError.self) {
                let cut = Array(payload[..<length])
                let table = try CoverageFrameLayout.readTable(cut)
                for entry in table.entries { _ = try CoverageFrameLayout.readFile(entry, in: cut) }
            }
        }
    }

    @Test func mergeAndCompactKeepEachRunsCoverage() throws {
        let files = [Self.awkwardFile] + Self.manyFiles(50, lines: 20)
        let url = try Self.write(files, label: "coverage-merge")
        let merged = url.deletingLastPathComponent().appendingPathComponent("merged.resultbundle")
        _ = try BundleMerger().merge([url, url], into: merged)
        let reader = try BundleReader(url: merged)
        let runsPerInput = try BundleReader(url: url).runs.count
        #expect(reader.runsWithCoverage == [0, runsPerInput])
        for runIndex in reader.runsWithCoverage {
            #expect(try reader.coverage(ofRun: runIndex) == CoverageRun(files: files))
        }
        let compacted = url.deletingLastPathComponent().appendingPathComponent("compacted.resultbundle")
        _ = try BundleMerger().compact(url, into: compacted)
        #expect(try BundleReader(url: compacted).coverage(ofRun: 0) == CoverageRun(files: files))
    }

    @Test func aDamagedCoverageFrameIsSkippedAndReported() throws {
        let url = try Self.write([Self.awkwardFile], label: "coverage-damaged")
        let offset = try #require(try BundleReader(url: url).index.coverage[0]?.frames.first)
        var bytes = try Data(contentsOf: url)
        bytes[Int(offset) + FrameHeader.size + 4] ^= 0xFF
        try bytes.write(to: url)
        let reader = try BundleReader(url: url)
        #expect(reader.coverageTotals(ofRun: 0) == Self.awkwardFile.totals, "the index still has the totals")
        #expect(try reader.coverageFiles(ofRun: 0).isEmpty)
        #expect(try reader.coverage(ofRun: 0) == CoverageRun())
        #expect(reader.damage.contains { $0.byteOffset == offset && $0.message.contains("coverage frame") })
        #expect(try !reader.verify().isIntact)
    }

    @Test func verifyDecodesEveryFile() throws {
        let reader = try BundleReader(url: try Self.write([Self.awkwardFile], label: "coverage-verify"))
        let report = try reader.verify()
        #expect(report.problems.isEmpty && report.hasValidIndex)
    }
}
