import ArgumentParser
import Foundation
import ResultImport

/// `record --results`: result files the test command writes, imported into the recording when it ends.
struct ResultFileOptions: ParsableArguments {
    @Option(
        name: .customLong("results"),
        help: ArgumentHelp(
            "A result file the command writes (JUnit XML, a swift-testing event stream, a console log): a file, a "
                + "folder or a quoted glob; repeatable. 'auto' looks where known runners write theirs (pytest's "
                + "--junitxml, Surefire, Gradle, jest-junit). Only files written or changed during the run count.",
            valueName: "path"))
    var results: [String] = []

    /// The places to watch for `command`, run with `environment`; `nil` when none was asked for.
    func watch(command: [String], environment: [String: String]) -> ResultFileWatch? {
        guard !results.isEmpty else { return nil }
        var places: [ResultFilePlace] = []
        for result in results {
            if result == "auto" {
                places += ResultFilePlace.knownRunnerPlaces(command: command, environment: environment)
            } else {
                places.append(ResultFilePlace(named: result))
            }
        }
        return ResultFileWatch(places: places)
    }

    /// What `record` says when it recognised no test: where it looked, and what to do.
    static func noTestsMessage(watched: ResultFileWatch?) -> String {
        var message =
            "no test was recognised: the command's output has no XCTest or swift-testing results"
        guard let watched else {
            return message
                + ". For another test runner, have it write JUnit XML and name the file with --results "
                + "(pytest: --junitxml=junit.xml --results junit.xml), or try --results auto (pytest's "
                + "--junitxml, Surefire's target/surefire-reports, Gradle's build/test-results, jest-junit's "
                + "junit.xml)."
        }
        let places = watched.places.map(\.description).joined(separator: ", ")
        message += ", and no result file with tests was written or changed during the run at: " + places
        return message + ". Check where the runner writes its results and name that file or folder with --results."
    }
}

extension ResultFileWatch {
    /// Imports the files written or changed since `before` with `importer`: every named file, and the files of
    /// searched folders that are JUnit XML or event streams (a Surefire folder may hold TestNG's XML too).
    func importWritten(since before: [String: Version], with importer: ResultImporter) throws -> FileImportResults {
        let files = writtenFiles(since: before).filter { file in
            guard file.isFound else { return true }
            let format = try? ResultImporter.detectFormat(ofFile: file.path)
            return format == .junit || format == .eventStream
        }
        return try FileImportResults.importing(files.map(\.path), format: .auto, with: importer)
    }
}
