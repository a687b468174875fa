import Foundation
import ResultBundle
import Testing
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A bundle is a regular file: anything else at the path is refused at once, never read from.
@Suite struct BundleOpeningTests {
    @Test func aNamedPipeIsRefusedInsteadOfWaitedOn() throws {
        let folder = try TestPaths.makeTemporaryDirectory("open-fifo")
        let pipe = folder.appendingPathComponent("stuck.resultbundle")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        // Opening a FIFO for reading waits for a writer; the reader must not.
        let error = try #require(throws: BundleError.self) { _ = try BundleReader(url: pipe) }
        #expect(error.code == .io && error.description.contains("a named pipe"))
    }

    @Test func aFolderIsRefusedWithWhatItIs() throws {
        let folder = try TestPaths.makeTemporaryDirectory("open-folder")
        let error = try #require(throws: BundleError.self) { _ = try BundleReader(url: folder) }
        #expect(error.description.contains("a folder"))
    }

    @Test func aCharacterDeviceIsRefused() throws {
        let error = try #require(throws: BundleError.self) {
            _ = try BundleReader(url: URL(fileURLWithPath: "/dev/zero"))
        }
        #expect(error.description.contains("a device"))
    }
}
