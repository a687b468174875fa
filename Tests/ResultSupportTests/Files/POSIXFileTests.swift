import Foundation
import ResultSupport
import Testing
import _TestSupport

/// The one POSIX file type: whole writes, reads, positioned calls, the exchange of two paths, and errors that
/// name the call, the path and the system's reason.
struct POSIXFileTests {
    func folder() throws -> URL {
        try TestPaths.makeTemporaryDirectory("posix")
    }

    @Test func writesReadsAndPositionedCallsMeetInTheSameFile() throws {
        let path = try folder().appendingPathComponent("f").path
        let file = try POSIXFile.open(path, O_RDWR | O_CREAT | O_TRUNC)
        try file.write(Array("hello world".utf8))
        try Array("W".utf8).withUnsafeBytes { try file.write($0, at: 6) }
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = try buffer.withUnsafeMutableBytes { try file.read(into: $0, at: 0) }
        #expect(String(decoding: buffer[..<count], as: UTF8.self) == "hello World")
        try file.close()
        let reader = try POSIXFile.open(path, O_RDONLY)
        let some = try buffer.withUnsafeMutableBytes { try reader.readSome(into: $0) }
        #expect(some == 11)
        #expect(try buffer.withUnsafeMutableBytes { try reader.readSome(into: $0) } == 0)
        try reader.close()
    }

    @Test func failuresNameTheCallThePathAndTheReason() throws {
        let missing = try folder().appendingPathComponent("missing/file").path
        #expect(throws: SystemCallError("open", path: missing, number: ENOENT)) {
            try POSIXFile.open(missing, O_RDONLY)
        }
        #expect(
            SystemCallError("open", path: "/x", number: ENOENT).description
                == "cannot open /x: No such file or directory")
    }

    @Test func exchangeSwapsTwoFiles() throws {
        let base = try folder()
        let first = base.appendingPathComponent("a")
        let second = base.appendingPathComponent("b")
        try Data("A".utf8).write(to: first)
        try Data("B".utf8).write(to: second)
        let swapped = Result { () throws(SystemCallError) in try POSIXFile.exchange(first.path, second.path) }
        if case .failure(let error) = swapped, error.number == ENOSYS || error.number == EINVAL {
            return  // a file system that cannot swap; callers fall back to rename
        }
        try swapped.get()
        #expect(try String(contentsOf: first, encoding: .utf8) == "B")
        #expect(try String(contentsOf: second, encoding: .utf8) == "A")
    }
}
