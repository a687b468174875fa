import Foundation
import Testing
import _TestSupport

@testable import ResultBundleCLI

/// `record --coverage`: the flag added to `swift test`, and the command that asks SwiftPM where its JSON is.
@Suite struct SwiftTestCoverageTests {
    @Test func addsTheFlagToSwiftTestOnlyOnce() {
        #expect(
            SwiftTestCoverage.enablingCoverage(in: ["swift", "test", "-j", "4"])
                == ["swift", "test", "-j", "4", "--enable-code-coverage"])
        #expect(
            SwiftTestCoverage.enablingCoverage(in: ["swift", "test", "--enable-code-coverage"])
                == ["swift", "test", "--enable-code-coverage"])
        #expect(SwiftTestCoverage.enablingCoverage(in: ["pytest", "--cov"]) == ["pytest", "--cov"])
        #expect(
            SwiftTestCoverage.enablingCoverage(in: ["env", "FOO=1", "swift", "test"])
                == ["env", "FOO=1", "swift", "test", "--enable-code-coverage"])
    }

    @Test func asksForTheCodecovPathWithThePackageAndBuildOptions() {
        let command = SwiftTestCoverage.codecovPathCommand(
            for: ["swift", "test", "--package-path", "pkg", "-c", "release", "--filter", "Unit", "--parallel"])
        #expect(
            command == [
                "swift", "test", "--package-path", "pkg", "-c", "release", "--enable-code-coverage",
                "--show-codecov-path",
            ])
        #expect(SwiftTestCoverage.codecovPathCommand(for: ["pytest"]) == nil)
    }

    @Test func findsCoverageFilesInAFolderByTheirContent() throws {
        let folder = try TestPaths.makeTemporaryDirectory("coverage-inputs")
        let lcov = folder.appendingPathComponent("nested/run.info")
        try FileManager.default.createDirectory(
            at: lcov.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("SF:a.c\nDA:1,1\nend_of_record\n".utf8).write(to: lcov)
        try Data("mode: set\na.go:1.1,2.2 1 1\n".utf8).write(to: folder.appendingPathComponent("cover.out"))
        try Data("<testsuite/>".utf8).write(to: folder.appendingPathComponent("junit.xml"))
        let found = CoverageInputs.files(at: ResultFilePlace(named: folder.path))
        #expect(found.map { URL(fileURLWithPath: $0).lastPathComponent } == ["cover.out", "run.info"])
        #expect(CoverageInputs.isCoverage(lcov.path) && !CoverageInputs.isCoverage(folder.path))
        #expect(!CoverageInputs.isCoverage(folder.appendingPathComponent("junit.xml").path))
    }
}
