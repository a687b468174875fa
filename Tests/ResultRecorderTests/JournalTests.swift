import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultRecorder

/// The journal outside `record`: without `RESULTBUNDLE_JOURNAL_DIR` nothing is stored and nothing is written.
@Suite struct JournalTests {
    @Test func withoutTheVariableNothingIsStoredOrWritten() throws {
        let journal = Journal(environment: { [:] })
        #expect(!journal.isEnabled)
        #expect(journal.storeBlob(Data("x".utf8)) == nil)
        journal.write(activities: [ActivityRecord(title: "dropped", status: .passed)])
        #expect(!journal.isEnabled)
    }

    @Test func withTheVariableEachJournalWritesItsOwnFile() throws {
        let folder = try TestPaths.makeTemporaryDirectory("journal-tests")
        let environment = ["RESULTBUNDLE_JOURNAL_DIR": folder.path]
        let first = Journal(environment: { environment })
        let second = Journal(environment: { environment })
        #expect(first.storeBlob(Data("a".utf8)) != nil)
        #expect(second.storeBlob(Data("b".utf8)) != nil)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.count == 2 && files.allSatisfy { $0.hasPrefix("journal-\(getpid())-") })
    }
}
