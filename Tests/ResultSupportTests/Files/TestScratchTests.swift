import Foundation
import Testing
import _TestSupport

/// The tests' temporary folders live in one folder per test process, which goes when the process ends.
struct TestScratchTests {
    @Test func temporaryFoldersAreMadeInThisProcesssFolder() throws {
        let folder = try TestPaths.makeTemporaryDirectory("scratch")
        #expect(folder.deletingLastPathComponent().standardizedFileURL.path == TestScratch.folder.path)
        #expect(TestScratch.folder.lastPathComponent == "resultbundle-tests-\(getpid())")
        #expect(TestScratch.folder.deletingLastPathComponent().path == FileManager.default.temporaryDirectory.path)
    }

    @Test func theFolderOfAnEndedProcessIsRemovedAndARunningOnesStays() throws {
        let base = try TestPaths.makeTemporaryDirectory("scratch-base")
        // A child that has exited and been waited for: its id names no process now.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let endedFolder = base.appendingPathComponent("resultbundle-tests-\(ended.processIdentifier)")
        let runningFolder = base.appendingPathComponent("resultbundle-tests-\(getpid())")
        let otherFolder = base.appendingPathComponent("resultbundle-record-\(ended.processIdentifier)-x")
        for folder in [endedFolder, runningFolder, otherFolder] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        TestScratch.removeFoldersOfEndedProcesses(in: base)
        #expect(!FileManager.default.fileExists(atPath: endedFolder.path))
        #expect(FileManager.default.fileExists(atPath: runningFolder.path))
        #expect(FileManager.default.fileExists(atPath: otherFolder.path))
    }
}
