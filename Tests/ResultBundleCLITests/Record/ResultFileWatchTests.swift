import Foundation
import Testing
import _TestSupport

@testable import ResultBundleCLI

/// `record --results`: the places looked at, and which files there count as written by the run.
@Suite struct ResultFileWatchTests {
    @Test func autoFindsPytestsJUnitXMLInEitherSpelling() {
        let joined = ResultFilePlace.knownRunnerPlaces(
            command: ["pytest", "--junitxml=out/a.xml"], environment: [:])
        #expect(joined.first == ResultFilePlace(path: "out/a.xml", kind: .file, writer: "pytest --junitxml"))
        let separate = ResultFilePlace.knownRunnerPlaces(
            command: ["python3", "-m", "pytest", "--junit-xml", "b.xml"], environment: [:])
        #expect(separate.first?.path == "b.xml")
    }

    @Test func autoFollowsJestJUnitsEnvironment() {
        let named = ResultFilePlace.knownRunnerPlaces(
            command: ["npx", "jest"],
            environment: ["JEST_JUNIT_OUTPUT_DIR": "reports", "JEST_JUNIT_OUTPUT_NAME": "j.xml"])
        #expect(named.last == ResultFilePlace(path: "reports/j.xml", kind: .file, writer: "jest-junit"))
        let file = ResultFilePlace.knownRunnerPlaces(
            command: ["npx", "jest"], environment: ["JEST_JUNIT_OUTPUT_FILE": "x/y.xml"])
        #expect(file.last?.path == "x/y.xml")
        #expect(
            ResultFilePlace.knownRunnerPlaces(command: ["npx", "jest"], environment: [:]).last?.path == "junit.xml")
    }

    @Test func onlyFilesWrittenOrChangedSinceTheSnapshotCount() throws {
        let folder = try TestPaths.makeTemporaryDirectory("result-watch")
        let reports = folder.appendingPathComponent("reports")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        let old = reports.appendingPathComponent("TEST-old.xml")
        let changed = reports.appendingPathComponent("TEST-changed.xml")
        try Data("<testsuite/>".utf8).write(to: old)
        try Data("<testsuite/>".utf8).write(to: changed)
        let watch = ResultFileWatch(places: [ResultFilePlace(named: reports.path)])
        let before = watch.snapshot()
        try Data("<testsuite name=\"again\"/>".utf8).write(to: changed)
        let new = reports.appendingPathComponent("nested/TEST-new.xml")
        try FileManager.default.createDirectory(
            at: new.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("<testsuite/>".utf8).write(to: new)
        try Data("Tests run: 1".utf8).write(to: reports.appendingPathComponent("summary.txt"))
        let written = watch.writtenFiles(since: before).map(\.path)
        #expect(written == [changed.path, new.path])
    }

    @Test func aGlobMatchesFilesAndSearchesFolders() throws {
        let folder = try TestPaths.makeTemporaryDirectory("result-glob")
        for module in ["a", "b"] {
            let reports = folder.appendingPathComponent("\(module)/target/surefire-reports")
            try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
            try Data("<testsuite/>".utf8).write(to: reports.appendingPathComponent("TEST-\(module).xml"))
        }
        let place = ResultFilePlace(named: folder.path + "/*/target/surefire-reports")
        #expect(place.kind == .glob)
        #expect(
            ResultFileWatch.files(at: place).map(\.path).map { ($0 as NSString).lastPathComponent } == [
                "TEST-a.xml", "TEST-b.xml",
            ])
    }
}
