import Foundation
import JUnitExport
import Testing
import _TestSupport

/// A test's output or attachment stored as a blob over the reader's in-memory limit (up to the
/// format's 1 GiB) no longer fails `junit` or goes missing from it.
@Suite struct LargeOutputBlobTests {
    @Test func junitShowsTheStartAndTheEnd() throws {
        let (reader, folder) = try LargeOutputBundle.make()
        let output = folder.appendingPathComponent("j.xml")
        _ = try JUnitExporter(options: JUnitExportOptions(flavor: .jenkins)).export([reader], to: output)
        let text = try String(contentsOf: output, encoding: .utf8)
        #expect(text.contains("log line 0\n") && text.contains("log line 299999"))
        #expect(text.contains("not shown …]"))
    }

    @Test func junitExportsAnAttachmentOverTheLimitWhole() throws {
        let (reader, folder) = try LargeOutputBundle.make()
        let output = folder.appendingPathComponent("a.xml")
        let attachments = folder.appendingPathComponent("attachments")
        let summary = try JUnitExporter(
            options: JUnitExportOptions(flavor: .jenkins, attachmentsDirectory: attachments)
        ).export([reader], to: output)
        #expect(summary.attachments == 1)
        let files = try FileManager.default.contentsOfDirectory(at: attachments, includingPropertiesForKeys: nil)
        let exported = try Data(contentsOf: try #require(files.first))
        #expect(exported.count > 3 << 20 && exported.starts(with: Data("log line 0\n".utf8)))
    }
}
