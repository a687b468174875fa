import Foundation
import ResultBundle
import ResultModel
import Testing
import _TestSupport

@testable import ResultImport

/// Allure results folders: retries grouped by `historyId`, steps and fixtures as activities, attachments confined
/// to the folder, and hostile files (cut anywhere, nested too deep, numbers out of range, values of the wrong type).
@Suite struct AllureFolderReaderTests {
    /// A result with a nested step, an attachment and a failure.
    static let result = #"""
        {"uuid":"u1","historyId":"h1","name":"adds","status":"failed","start":1700000000000,"stop":1700000001500,
         "statusDetails":{"message":"expected 2","trace":"  File \"/src/test_calc.py\", line 7, in adds\n    assert x"},
         "labels":[{"name":"suite","value":"calc"},{"name":"tag","value":"fast"},{"name":"feature","value":"sum"}],
         "parameters":[{"name":"x","value":"1"},{"name":"secret","value":"p","mode":"masked"}],
         "steps":[{"name":"outer","status":"failed","start":1700000000000,"stop":1700000001000,
                   "steps":[{"name":"inner","status":"passed"}],
                   "attachments":[{"name":"log","source":"a-attachment.txt","type":"text/plain"}]}]}
        """#

    private func folder(_ files: [String: String]) throws -> URL {
        let directory = try TestPaths.makeTemporaryDirectory("allure").appendingPathComponent("results")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        return directory
    }

    @Test func readsStepsAttachmentsLabelsAndTheFailureWithItsPlace() throws {
        let directory = try folder(["u1-result.json": Self.result, "a-attachment.txt": "hello"])
        let imported = try ImportHarness.run([directory.path])
        let test = try #require(imported.results.tests.first)
        #expect(imported.outcomes.first?.format == .allure)
        #expect(test.id == "calc/adds [x=1, secret=******]")
        #expect(test.status == .failed)
        #expect(test.tags == ["fast", "feature:sum"])
        let attempt = try #require(test.attempts.first)
        #expect(attempt.duration == 1.5)
        #expect(attempt.issues.first?.message == "expected 2")
        #expect(attempt.issues.first?.location == Place(file: "/src/test_calc.py", line: 7))
        #expect(attempt.activities.first?.children.first?.title == "inner")
        #expect(attempt.activities.first?.attachments.first?.name == "log")
    }

    @Test func resultsSharingAHistoryIdAreOneTestsAttemptsInTheOrderTheyStarted() throws {
        let passed = #"{"uuid":"u2","historyId":"h1","name":"adds","status":"passed","start":1700000002000}"#
        let directory = try folder(["b-result.json": Self.result, "a-result.json": passed])
        let test = try #require(try ImportHarness.run([directory.path]).results.tests.first)
        #expect(test.attempts.map(\.status) == [.failed, .passed])
        #expect(test.isFlaky)
    }

    @Test func anAttachmentOutsideTheFolderIsAWarningAndNotRead() throws {
        let escaping = Self.result.replacingOccurrences(of: "a-attachment.txt", with: "../../../etc/passwd")
        let directory = try folder(["u1-result.json": escaping])
        let imported = try ImportHarness.run([directory.path])
        #expect(imported.results.tests.first?.attempts.first?.allAttachments.isEmpty == true)
        #expect(imported.outcomes.first?.diagnostics.contains { $0.message.contains("etc/passwd") } == true)
    }

    @Test func aFailedFixtureOfAContainerWithoutResultsIsAFailedSuite() throws {
        let container =
            #"{"uuid":"c","name":"DB","children":["gone"],"befores":[{"name":"connect","status":"broken","statusDetails":{"message":"refused"}}]}"#
        let passed = #"{"uuid":"u2","name":"other","status":"passed"}"#
        let directory = try folder(["c-container.json": container, "u2-result.json": passed])
        let imported = try ImportHarness.run([directory.path])
        #expect(imported.results.suites.first?.issues.first?.message == "refused")
        #expect(imported.results.tests.count == 1)
    }

    @Test func aFileCutAtAnyByteIsAnErrorWithItsPlaceOrReadsWholeAndNeverCrashes() throws {
        let bytes = Array(Self.result.utf8)
        let good = #"{"uuid":"g","name":"good","status":"passed"}"#
        for cut in 0..<bytes.count {
            let directory = try folder(["good-result.json": good])
            try Data(bytes[0..<cut]).write(to: directory.appendingPathComponent("cut-result.json"))
            let imported = try ImportHarness.run([directory.path])
            #expect(imported.results.tests.contains { $0.identity.name == "good" })
            let errors = imported.outcomes[0].diagnostics.filter { $0.severity == .error }
            #expect(errors.count == 1, "cut at \(cut)")
            #expect(errors.first?.file?.hasSuffix("cut-result.json") == true)
            #expect(errors.first?.line != nil)
        }
    }

    @Test func deepNestingHugeNumbersAndWrongTypesAreReadWithoutACrash() throws {
        let deep = String(repeating: #"{"name":"s","steps":["#, count: 100_000)
        let hostile = #"""
            {"uuid":"h","name":7,"status":["x"],"start":1e999,"stop":-1e999,"labels":"nope",
             "parameters":[{"name":null}],"steps":{"a":1},"attachments":[{"source":7}],"statusDetails":"x"}
            """#
        let directory = try folder([
            "deep-result.json": #"{"name":"deep","steps":["# + deep, "hostile-result.json": hostile,
        ])
        let imported = try ImportHarness.run([directory.path])
        let errors = imported.outcomes[0].diagnostics.filter { $0.severity == .error }
        #expect(errors.contains { $0.message.contains("nests deeper") })
        let test = try #require(imported.results.tests.first)
        #expect(test.status == .unknown)
        #expect(test.attempts.first?.duration == nil)
    }

    @Test func aFolderWhoseOnlyResultIsDamagedIsAnError() throws {
        let directory = try folder(["x-result.json": "{\"name\": "])
        #expect(throws: ImportError.self) { try ImportHarness.run([directory.path]) }
    }
}
