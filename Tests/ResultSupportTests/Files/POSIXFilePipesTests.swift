import Foundation
import ResultSupport
import Testing
import _TestSupport

/// A pipe's ends, whether a read would wait, and the paths the C library finds (a link resolved, a glob matched).
struct POSIXFilePipesTests {
    @Test func aPipeCarriesBytesAndSaysWhenAReadWouldNotWait() throws {
        let (readEnd, writeEnd) = try POSIXFile.pipe()
        #expect(!readEnd.hasInput)
        #expect(fcntl(readEnd.descriptor, F_GETFD) & FD_CLOEXEC != 0)
        #expect(fcntl(writeEnd.descriptor, F_GETFD) & FD_CLOEXEC != 0)
        try writeEnd.write(Array("ping".utf8))
        #expect(readEnd.hasInput)
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = try buffer.withUnsafeMutableBytes { try readEnd.readSome(into: $0) }
        #expect(String(decoding: buffer[..<count], as: UTF8.self) == "ping")
        try writeEnd.close()
        #expect(readEnd.hasInput)  // the end of the file does not wait either
        try readEnd.close()
    }

    @Test func aLinkResolvesToItsTargetAndAGlobMatchesInOrder() throws {
        let folder = try TestPaths.makeTemporaryDirectory("lookup")
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["b.xml", "a.xml", "c.txt"] {
            try Data().write(to: folder.appendingPathComponent(name))
        }
        let link = folder.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "a.xml")
        let real = try #require(PathLookup.realPath(folder.path))
        #expect(PathLookup.realPath(link) == real + "/a.xml")
        #expect(PathLookup.realPath(folder.appendingPathComponent("missing").path) == nil)
        #expect(PathLookup.matches(of: folder.path + "/*.xml") == [folder.path + "/a.xml", folder.path + "/b.xml"])
        #expect(PathLookup.matches(of: folder.path + "/*.json") == [])
    }
}
