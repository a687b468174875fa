import Foundation
import ResultBundle
import ResultModel
import Testing
import _TestSupport

@testable import ResultImport

/// `xcresulttool get test-results tests` and `summary` JSON: the tree walked twice with the pull reader, retries as
/// attempts, arguments as cases, devices as configurations, and documents cut at any byte.
@Suite struct XCResultToolJSONTests {
    /// Keys sorted as xcresulttool writes them: a node's `children` come before its `name` and `nodeType`.
    static let tests = #"""
        {"devices":[{"deviceName":"iPhone 16"},{"deviceName":"iPad"}],
         "testNodes":[{"children":[{"children":[{"children":[
           {"children":[
             {"children":[{"name":"CalcTests.swift:12: XCTAssertEqual failed","nodeType":"Failure Message"}],
              "duration":"1,5s","name":"First Run","nodeType":"Repetition","result":"Failed"},
             {"duration":"2s","name":"Retry 1","nodeType":"Repetition","result":"Passed"}],
            "name":"testAdd()","nodeIdentifier":"CalcTests/testAdd()","nodeType":"Test Case","result":"Passed",
            "tags":["math"]},
           {"children":[{"name":"\"a\"","nodeType":"Arguments","result":"Passed"},
                        {"children":[{"name":"Test 'b' skipped: later","nodeType":"Failure Message"}],
                         "name":"\"b\"","nodeType":"Arguments","result":"Skipped"}],
            "name":"Each letter","nodeIdentifier":"CalcTests/letters(_:)","nodeType":"Test Case","result":"Passed"},
           {"children":[{"children":[{"name":"CalcTests.swift:40: boom","nodeType":"Failure Message"}],
                         "name":"iPhone 16","nodeType":"Device","result":"Failed"},
                        {"name":"iPad","nodeType":"Device","result":"Passed"}],
            "name":"testDevice()","nodeIdentifier":"CalcTests/testDevice()","nodeType":"Test Case","result":"Failed"}
         ],"name":"CalcTests","nodeType":"Test Suite"}],"name":"CalcTests","nodeType":"Unit test bundle"}],
         "name":"Plan","nodeType":"Test Plan"}]}
        """#

    private func importing(_ text: String, name: String = "tests.json") throws -> ImportHarness.Result {
        let directory = try TestPaths.makeTemporaryDirectory("xcresulttool")
        let file = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return try ImportHarness.run([file.path])
    }

    @Test func mapsRetriesArgumentsTagsAndFailureMessagesWithTheirPlaces() throws {
        let imported = try importing(Self.tests)
        #expect(imported.outcomes.first?.format == .xcresulttoolJSON)
        let add = try #require(imported.results.tests.first { $0.identity.name == "testAdd()" })
        #expect(add.id == "CalcTests/CalcTests/testAdd()")
        #expect(add.attempts.map(\.status) == [.failed, .passed])
        #expect(add.attempts.first?.duration == 1.5)
        #expect(add.attempts.first?.issues.first?.location == Place(file: "CalcTests.swift", line: 12))
        #expect(add.tags == ["math"])
        let letters = try #require(imported.results.tests.first { $0.identity.name == "letters(_:)" })
        #expect(letters.displayName == "Each letter")
        #expect(letters.cases.map(\.arguments) == ["\"a\"", "\"b\""])
        #expect(letters.cases.last?.attempts.first?.statusReason == "Test 'b' skipped: later")
    }

    @Test func aTestSplitByDeviceIsOneTestPerDeviceInItsConfigurationsRun() throws {
        let results = InMemoryResults()
        let run = try results.beginRun(RunRecord(producer: "tests", source: "import"))
        let importer = ResultImporter(sink: results, runIndex: run)
        importer.beginConfigurationRun = { name in
            try results.beginRun(RunRecord(name: name, producer: "t", source: "t"))
        }
        let directory = try TestPaths.makeTemporaryDirectory("xcresulttool")
        let file = directory.appendingPathComponent("tests.json")
        try Data(Self.tests.utf8).write(to: file)
        _ = try importer.importFile(file.path)
        let device = results.tests.filter { $0.identity.name == "testDevice()" }
        #expect(device.map(\.status) == [.failed, .passed])
        #expect(importer.configurationRuns.map(\.name) == ["iPhone 16", "iPad"])
        #expect(Set(device.map(\.runIndex)).count == 2)
    }

    @Test func aDocumentCutAtAnyByteKeepsItsCompleteTestsOrIsAnErrorWithItsPlace() throws {
        let bytes = Array(Self.tests.utf8)
        for cut in stride(from: 1, to: bytes.count, by: 1) {
            let text = String(decoding: bytes[0..<cut], as: UTF8.self)
            do {
                let imported = try importing(text)
                let errors = imported.outcomes[0].diagnostics.filter { $0.severity == .error }
                #expect(errors.count == 1 && errors[0].line != nil, "cut at \(cut)")
            } catch let error as ImportError {
                #expect(error.line != nil || error.code == .notTestOutput, "cut at \(cut): \(error)")
            }
        }
    }

    @Test func hostileValuesDeepNestingAndHugeNumbersNeverCrash() throws {
        let deep = String(repeating: #"{"children":["#, count: 50_000)
        let imported = try? importing(#"{"testNodes":["# + deep)
        #expect(imported == nil)
        let hostile = #"""
            {"testNodes":[{"children":[{"durationInSeconds":1e999,"duration":"9999999999999999999h","name":7,
              "nodeType":"Test Case","result":{"x":1},"tags":"no"}],
              "name":"S","nodeType":"Test Suite"}]}
            """#
        let test = try #require(try importing(hostile).results.tests.first)
        #expect(test.status == .unknown)
        // Children that are not an array: the tree itself is malformed, which is an error naming the place.
        let malformed = hostile.replacingOccurrences(of: #""tags":"no""#, with: #""children":"no""#)
        #expect {
            try importing(malformed)
        } throws: { error in
            (error as? ImportError)?.line == 2 && (error as? ImportError)?.message.contains("array") == true
        }
    }

    @Test func aSummaryWritesItsFailuresAndWarnsAboutTheTestsItOnlyCounts() throws {
        let summary = #"""
            {"title":"Run","result":"Failed","totalTestCount":5,"passedTests":3,"failedTests":2,"skippedTests":0,
             "expectedFailures":0,"startTime":100.0,"finishTime":130.5,"devicesAndConfigurations":[],
             "testFailures":[{"failureText":"Calc.swift:3: wrong","targetName":"CalcTests","testName":"testA()",
                              "testIdentifierString":"Calc/testA()"},
                             {"failureText":"again","targetName":"CalcTests","testName":"testA()",
                              "testIdentifierString":"Calc/testA()"},
                             {"failureText":"no","targetName":"CalcTests","testName":"testB()",
                              "testIdentifierString":"Calc/testB()"}]}
            """#
        let imported = try importing(summary, name: "summary.json")
        #expect(imported.results.tests.map(\.id) == ["CalcTests/Calc/testA()", "CalcTests/Calc/testB()"])
        #expect(imported.results.tests.first?.attempts.first?.issues.count == 2)
        #expect(imported.outcomes[0].reportedCounts["xcresulttool.total"] == 5)
        #expect(imported.outcomes[0].wallClock == 30.5)
        #expect(imported.outcomes[0].diagnostics.contains { $0.message.contains("names only the 2 failed") })
    }

    @Test func durationsReadInEveryShapeXcodeWrites() {
        #expect(XcodeDuration.parse("6s") == 6)
        #expect(XcodeDuration.parse("0,0021s") == 0.0021)
        #expect(XcodeDuration.parse("1m 5s") == 65)
        #expect(XcodeDuration.parse("120ms") == 0.12)
        #expect(XcodeDuration.parse("2h 1m") == 7260)
        #expect(XcodeDuration.parse("soon") == nil)
    }
}
