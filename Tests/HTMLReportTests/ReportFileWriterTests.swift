import Foundation
import Testing
import _TestSupport

@testable import HTMLReport

@Suite struct ReportFileWriterTests {
    @Test(arguments: ["../escape.html", "/etc/passwd", "a/../../b.html", "./a.html", "a//b.html", ""])
    func refusesPathsOutsideTheFolder(path: String) throws {
        let folder = try TestPaths.makeTemporaryDirectory("writer").appendingPathComponent("site")
        let writer = try ReportFileWriter(root: folder)
        #expect(throws: ReportError.self) { try writer.write("x", to: path) }
        #expect(writer.filesWritten == 0)
    }

    @Test func writesFoldersAsNeededAndReplacesAFileWrittenTwice() throws {
        let folder = try TestPaths.makeTemporaryDirectory("writer").appendingPathComponent("site")
        let writer = try ReportFileWriter(root: folder)
        try writer.write("first", to: "tests/a.html")
        try writer.write("second, longer", to: "tests/a.html")
        var buffer = OutputBuffer()
        buffer.append("bytes")
        try writer.write(buffer, to: "search/1.js")
        #expect(
            try String(contentsOf: folder.appendingPathComponent("tests/a.html"), encoding: .utf8) == "second, longer")
        #expect(try String(contentsOf: folder.appendingPathComponent("search/1.js"), encoding: .utf8) == "bytes")
        #expect(writer.exists("tests/a.html"))
        #expect(!writer.exists("tests/b.html"))
        #expect(writer.filesWritten == 3)
        #expect(writer.bytesWritten == 5 + 14 + 5)
    }

    @Test func neverWritesThroughASymbolicLink() throws {
        let parent = try TestPaths.makeTemporaryDirectory("writer")
        let folder = parent.appendingPathComponent("site")
        let writer = try ReportFileWriter(root: folder)
        let target = parent.appendingPathComponent("outside.txt")
        try "keep".write(to: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("index.html"), withDestinationURL: target)
        try writer.write("replaced", to: "index.html")
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep")
        #expect(try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8) == "replaced")
    }
}
