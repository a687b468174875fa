import Foundation
import Testing
import _TestSupport

@testable import ResultBundleCLI

/// Outputs appear in one step, complete, whether or not something was there before.
@Suite struct AtomicOutputTests {
    private func contents(of folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func aFileReplacesTheOldOneAndNothingIsLeftBeside() throws {
        let folder = try TestPaths.makeTemporaryDirectory("atomic-file")
        let destination = folder.appendingPathComponent("out.xml")
        try Data("old".utf8).write(to: destination)
        // A reader that opened the old file keeps reading the old content.
        let reader = try FileHandle(forReadingFrom: destination)
        defer { try? reader.close() }
        try AtomicOutput.write(to: destination) { temporary in
            #expect(temporary != destination)
            try Data("new".utf8).write(to: temporary)
            #expect(try String(contentsOf: destination, encoding: .utf8) == "old")
        }
        #expect(try String(contentsOf: destination, encoding: .utf8) == "new")
        #expect(try reader.readToEnd() == Data("old".utf8))
        #expect(try contents(of: folder) == ["out.xml"])
    }

    @Test func aFileAppearsWhereNothingWas() throws {
        let folder = try TestPaths.makeTemporaryDirectory("atomic-new")
        let destination = folder.appendingPathComponent("deeper/out.md")
        try AtomicOutput.write(to: destination) { try Data("new".utf8).write(to: $0) }
        #expect(try String(contentsOf: destination, encoding: .utf8) == "new")
        #expect(try contents(of: destination.deletingLastPathComponent()) == ["out.md"])
    }

    @Test func aFolderReplacesTheOldOne() throws {
        let folder = try TestPaths.makeTemporaryDirectory("atomic-folder")
        let destination = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: destination.appendingPathComponent("old.html"))
        try AtomicOutput.write(to: destination) { temporary in
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
            try Data("new".utf8).write(to: temporary.appendingPathComponent("index.html"))
        }
        #expect(try contents(of: destination) == ["index.html"])
        #expect(try contents(of: folder) == ["site"])
    }

    @Test func aFailureLeavesTheOldFileAndNoTemporary() throws {
        struct Stop: Error {}
        let folder = try TestPaths.makeTemporaryDirectory("atomic-failure")
        let destination = folder.appendingPathComponent("out.xml")
        try Data("old".utf8).write(to: destination)
        #expect(throws: Stop.self) {
            try AtomicOutput.write(to: destination) { temporary in
                try Data("half".utf8).write(to: temporary)
                throw Stop()
            }
        }
        #expect(try String(contentsOf: destination, encoding: .utf8) == "old")
        #expect(try contents(of: folder) == ["out.xml"])
    }
}
