import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultImport

/// Hostile JSON reports: cut at every byte, nested past the reader's limit, numbers past every type, values of the
/// wrong kind. Never a crash or a hang; every refusal and every damage names its line.
@Suite struct JSONReportHostileInputTests {
    @Test(arguments: JSONReportSamples.all.map(\.format.rawValue))
    func aReportCutAtAnyByteKeepsItsTestsOrNamesTheLine(_ name: String) throws {
        let sample = try #require(JSONReportSamples.all.first { $0.format.rawValue == name })
        let directory = try TestPaths.makeTemporaryDirectory("json-cut")
        let bytes = Array(sample.text.utf8)
        let url = directory.appendingPathComponent("cut.json")
        var previous = 0
        for cut in 1..<bytes.count {
            try Data(bytes[..<cut]).write(to: url)
            do {
                let result = try ImportHarness.run([url.path], format: sample.format)
                let count = result.results.tests.count
                #expect(count <= sample.tests)
                #expect(count >= previous, "cut at \(cut) kept fewer tests than an earlier cut")
                previous = count
                let errors = result.outcomes.flatMap(\.diagnostics).filter { $0.severity == .error }
                #expect(errors.count == 1 && errors.allSatisfy { $0.line != nil }, "cut at \(cut): \(errors)")
            } catch let error as ImportError {
                #expect(error.line != nil, "cut at \(cut): \(error)")
                #expect(previous == 0, "cut at \(cut) refused after earlier cuts kept tests: \(error)")
            }
        }
    }

    @Test func suitesNestedPastTheLimitAreAnErrorNotACrash() throws {
        let depth = JSONPullReader.maxDepth + 10
        let open = String(repeating: "{\"title\":\"s\",\"suites\":[", count: depth)
        let close = String(repeating: "]}", count: depth)
        let playwright = "{\"config\":{\"projects\":[]},\"suites\":[" + open + close + "]}"
        #expect(throws: ImportError.self) { try ImportHarness.run(text: playwright) }
        let mochawesome = "{\"stats\":{\"testsRegistered\":0},\"results\":[" + open + close + "]}"
        #expect(throws: ImportError.self) { try ImportHarness.run(text: mochawesome) }
    }

    @Test func hugeNumbersAndValuesOfTheWrongKindAreReadWithoutTrapping() throws {
        let jest = """
            {"numTotalTests":99999999999999999999999999,"numFailedTests":-1e400,"testResults":[
             {"name":7,"startTime":1e308,"assertionResults":[
              {"title":["x"],"status":17,"duration":1e400,"ancestorTitles":"no","failureMessages":{"a":1},
               "location":{"line":99999999999999999999,"column":-4}},
              {"title":"ok","status":"passed","duration":-5}]}]}
            """
        let result = try ImportHarness.run(text: jest)
        #expect(result.results.tests.count == 2)
        let ctrf = """
            {"results":{"tool":{"name":1},"summary":{"tests":"many"},"tests":[{"name":null,"status":[],
             "duration":"1e999","retryAttempts":7,"steps":[{"name":{}}],"parameters":{"n":18446744073709551616}}]}}
            """
        #expect(try ImportHarness.run(text: ctrf).results.tests.count == 1)
    }

    @Test func aDocumentThatIsNotAReportIsRefusedWithItsPlace() throws {
        let url = try TestPaths.makeTemporaryDirectory("json-bad").appendingPathComponent("x.json")
        try Data("{\"examples\":[}".utf8).write(to: url)
        let error = try #require(
            throws: ImportError.self,
            performing: { try ImportHarness.run([url.path], format: .rspecJSON).results })
        #expect(error.line == 1)
        #expect(error.column != nil)
    }
}
