import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultBundle
@testable import ResultBundleCLI

/// The report's reader of a bundle's coverage section: every file listed once, one frame at a time, and any file
/// found again by its path (a failure's excerpt asks for files in no order) through the table of path hashes.
@Suite struct BundleCoverageSourceTests {
    /// 60,000 files of a few lines, more than one coverage frame of about 1 MiB.
    static func bundle() throws -> (BundleReader, [SourceFileCoverage]) {
        let files = (0..<60_000).map { number in
            SourceFileCoverage(
                path: "src/d\(number / 100)/f\(number).c",
                lines: (1...UInt32(number % 5 + 1)).map { CoveredLine(line: $0, count: UInt64(number % 3)) })
        }
        let url = try TestPaths.makeTemporaryDirectory("coverage-source").appendingPathComponent("run.resultbundle")
        let writer = try BundleWriter(creating: url, flushPolicy: .batched)
        let run = try writer.beginRun(RunRecord(producer: "tests", source: "test"))
        try writer.endRun(run, RunEnd(exitCode: 0))
        try writer.addCoverage(CoverageRun(files: files).files, runIndex: run)
        try writer.close()
        return (try BundleReader(url: url), CoverageRun(files: files).files)
    }

    @Test func listsEveryFileAndFindsAnyByItsPath() throws {
        let (reader, files) = try Self.bundle()
        #expect((reader.index.coverage[0]?.frames.count ?? 0) > 1)
        let source = BundleCoverageSource(reader: reader, runIndex: 0)
        var listed: [String] = []
        try source.forEachCoverageFile { file in
            listed.append(file.path)
            // The file being listed is read from the frame in hand.
            if listed.count % 1_000 == 0 {
                let found = try source.coverage(ofFile: file.path)
                #expect(found?.path == file.path)
            }
        }
        #expect(listed == files.map(\.path))
        for file in files.reversed() where file.path.hasSuffix("7.c") {
            #expect(try source.coverage(ofFile: file.path) == file)
        }
        #expect(try source.coverage(ofFile: "src/d1/f100000.c") == nil)
        #expect(try source.coverage(ofFile: "") == nil)
    }
}
