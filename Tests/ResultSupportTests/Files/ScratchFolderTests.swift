import Foundation
import ResultSupport
import Testing
import _TestSupport

/// Scratch folders of killed runs are removed after a day; nothing else in the temporary folder is touched.
@Suite struct ScratchFolderTests {
    private func makeFolder(_ name: String, in parent: URL, ageInDays: Double) throws -> URL {
        let url = parent.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        let date = Date().addingTimeInterval(-ageInDays * 86_400)
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
        return url
    }

    @Test func removesOnlyOldFoldersOfProcessesThatAreGone() throws {
        let parent = try TestPaths.makeTemporaryDirectory("leftover-scratch")
        let dead = try DeadProcess.id()
        let alive = getpid()
        let stale = try makeFolder("resultbundle-record-\(dead)-a1", in: parent, ageInDays: 2)
        let recent = try makeFolder("resultbundle-record-\(dead)-b2", in: parent, ageInDays: 0.5)
        let running = try makeFolder("resultbundle-record-\(alive)-c3", in: parent, ageInDays: 2)
        let foreign = try makeFolder("other-record-\(dead)-d4", in: parent, ageInDays: 2)
        let file = parent.appendingPathComponent("resultbundle-record-\(dead)-e5")
        try Data("keep".utf8).write(to: file)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-3 * 86_400)], ofItemAtPath: file.path)

        ScratchFolder.removeStale(in: parent)

        let exists = { (url: URL) in FileManager.default.fileExists(atPath: url.path) }
        #expect(!exists(stale))
        #expect(exists(recent))
        #expect(exists(running))
        #expect(exists(foreign))
        #expect(exists(file))
    }
}
