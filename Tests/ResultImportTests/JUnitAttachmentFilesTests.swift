import Foundation
import ResultBundle
import ResultImport
import ResultModel
import Testing
import _TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files that JUnit XML attaches are stored as blobs when they are regular files inside the attachments
/// folder; everything else is a warning naming the file, the line and the path, and the import goes on.
@Suite struct JUnitAttachmentFilesTests {
    /// A folder with `reports/` (the JUnit file's folder, the default root) and `elsewhere/` beside it.
    private struct Layout {
        let base: URL
        var reports: URL { base.appendingPathComponent("reports") }
        var elsewhere: URL { base.appendingPathComponent("elsewhere") }

        init() throws {
            base = try TestPaths.makeTemporaryDirectory("junit-attachments")
            try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        }

        func write(_ text: String, to relative: String, in folder: URL? = nil) throws {
            let url = (folder ?? reports).appendingPathComponent(relative)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        func link(_ relative: String, to destination: URL) throws {
            try FileManager.default.createSymbolicLink(
                atPath: reports.appendingPathComponent(relative).path, withDestinationPath: destination.path)
        }
    }

    private struct Imported {
        var results: InMemoryResults
        var warnings: [Diagnostic]
        var xmlPath: String

        func test(_ name: String) throws -> TestRecord {
            try #require(results.tests.first { $0.identity.name == name })
        }

        func attachments(_ name: String) throws -> [AttachmentRecord] {
            try test(name).attempts.last?.attachments ?? []
        }

        func content(_ attachment: AttachmentRecord) throws -> String {
            String(decoding: try results.blobData(attachment.blob), as: UTF8.self)
        }

        /// The warnings as `line: message`, each checked to name the JUnit file.
        var places: [String] {
            warnings.map { "\($0.file == xmlPath ? "" : "WRONG FILE ")\($0.line ?? 0): \($0.message)" }
        }
    }

    private func importXML(
        _ xml: String, in layout: Layout, root: URL? = nil, maxAttachmentBytes: Int = 1 << 30
    ) throws -> Imported {
        let path = layout.reports.appendingPathComponent("junit.xml").path
        try Data(xml.utf8).write(to: URL(fileURLWithPath: path))
        let results = InMemoryResults()
        let run = try results.beginRun(RunRecord(producer: "tests", source: "import"))
        let importer = ResultImporter(sink: results, runIndex: run)
        importer.attachmentsRoot = root
        importer.maxAttachmentBytes = maxAttachmentBytes
        let outcome = try importer.importFile(path)
        return Imported(
            results: results, warnings: outcome.diagnostics.filter { $0.severity == .warning }, xmlPath: path)
    }

    /// One test case named `t` whose system-out holds `lines`, one per line; the first is on line 3.
    private func oneCase(_ lines: [String]) -> String {
        """
        <testsuites><testsuite name="s">
        <testcase classname="pkg.Suite" name="t"><system-out>
        \(lines.joined(separator: "\n"))
        </system-out></testcase>
        </testsuite></testsuites>
        """
    }

    @Test func attachesFilesOfBothStreamsAndOfPropertiesKeepingTheMarkerLines() throws {
        let layout = try Layout()
        try layout.write("PNG-ish", to: "shots/screen.png")
        try layout.write("a log", to: "logs/run.log")
        try layout.write("{\"a\": 1}", to: "data.json")
        let imported = try importXML(
            """
            <testsuites><testsuite name="s">
            <testcase classname="pkg.Suite" name="t">
              <properties><property name="attachment" value="data.json"/></properties>
              <failure message="boom"/>
              <system-out>before
            [[ATTACHMENT|shots/screen.png]]
            after</system-out>
              <system-err>  [[ATTACHMENT|logs/run.log]]  </system-err>
            </testcase>
            </testsuite></testsuites>
            """, in: layout)
        #expect(imported.warnings.isEmpty)
        let attachments = try imported.attachments("t")
        #expect(attachments.map(\.name) == ["data.json", "screen.png", "run.log"])
        #expect(attachments.map(\.mediaType) == ["application/json", "image/png", "text/plain"])
        #expect(attachments.map(\.kind) == [.text, .image, .text])
        #expect(try attachments.map { try imported.content($0) } == ["{\"a\": 1}", "PNG-ish", "a log"])
        // The output stays as the producer wrote it, marker lines included.
        let output = try #require(try imported.test("t").attempts.last?.output?.text)
        #expect(output.contains("[[ATTACHMENT|shots/screen.png]]"))
        #expect(output.contains("[[ATTACHMENT|logs/run.log]]"))
        #expect(try imported.test("t").properties == [NameValue(name: "attachment", value: "data.json")])
    }

    @Test func refusesPathsThatLeadOutsideTheFolder() throws {
        let layout = try Layout()
        try layout.write("secret", to: "secret.txt", in: layout.elsewhere)
        try layout.write("inside", to: "real/inside.txt")
        try layout.link("file-link.txt", to: layout.elsewhere.appendingPathComponent("secret.txt"))
        try layout.link("folder-link", to: layout.elsewhere)
        try layout.link("inner-link.txt", to: layout.reports.appendingPathComponent("real/inside.txt"))
        let outside = layout.elsewhere.appendingPathComponent("secret.txt").path
        let imported = try importXML(
            oneCase([
                "[[ATTACHMENT|../elsewhere/secret.txt]]",
                "[[ATTACHMENT|\(outside)]]",
                "[[ATTACHMENT|file-link.txt]]",
                "[[ATTACHMENT|folder-link/secret.txt]]",
                "[[ATTACHMENT|real/../../elsewhere/secret.txt]]",
                "[[ATTACHMENT|inner-link.txt]]",
            ]), in: layout)
        #expect(try imported.attachments("t").map(\.name) == ["inner-link.txt"])
        #expect(try imported.attachments("t").map { try imported.content($0) } == ["inside"])
        let refused = [
            "../elsewhere/secret.txt", outside, "file-link.txt", "folder-link/secret.txt",
            "real/../../elsewhere/secret.txt",
        ]
        #expect(imported.warnings.count == refused.count)
        for (index, path) in refused.enumerated() {
            let place = imported.places[index]
            #expect(place.hasPrefix("\(3 + index): the attachment \"\(path)\" is outside the attachments folder"))
        }
    }

    @Test func anAbsolutePathInsideTheFolderIsAttached() throws {
        let layout = try Layout()
        try layout.write("inside", to: "inside.txt")
        let imported = try importXML(
            oneCase(["[[ATTACHMENT|\(layout.reports.appendingPathComponent("inside.txt").path)]]"]), in: layout)
        #expect(imported.warnings.isEmpty)
        #expect(try imported.attachments("t").map(\.name) == ["inside.txt"])
    }

    @Test func refusesFIFOsAndFoldersWithoutBlocking() throws {
        let layout = try Layout()
        #expect(mkfifo(layout.reports.appendingPathComponent("pipe").path, 0o600) == 0)
        try FileManager.default.createDirectory(
            at: layout.reports.appendingPathComponent("folder"), withIntermediateDirectories: true)
        try layout.write("ok", to: "ok.txt")
        let imported = try importXML(
            oneCase(["[[ATTACHMENT|pipe]]", "[[ATTACHMENT|folder]]", "[[ATTACHMENT|ok.txt]]"]), in: layout)
        #expect(
            imported.places == [
                "3: the attachment \"pipe\" is a FIFO, not a regular file; it was not attached",
                "4: the attachment \"folder\" is a directory, not a regular file; it was not attached",
            ])
        #expect(try imported.attachments("t").map(\.name) == ["ok.txt"])
    }

    @Test func aMissingFileIsAWarningAndTheImportGoesOn() throws {
        let layout = try Layout()
        try layout.write("ok", to: "ok.txt")
        let imported = try importXML(
            """
            <testsuites><testsuite name="s">
            <testcase classname="c" name="first"><system-out>[[ATTACHMENT|gone.png]]</system-out></testcase>
            <testcase classname="c" name="second">
              <properties><property name="attachment_1" value="ok.txt"/></properties>
            </testcase>
            </testsuite></testsuites>
            """, in: layout)
        #expect(imported.places == ["2: the attachment \"gone.png\" does not exist; it was not attached"])
        #expect(imported.results.tests.count == 2)
        #expect(try imported.attachments("first").isEmpty)
        #expect(try imported.attachments("second").map(\.name) == ["ok.txt"])
    }

    @Test func aFileOverTheBlobLimitIsSkippedWithAWarning() throws {
        let layout = try Layout()
        try layout.write(String(repeating: "x", count: 17), to: "big.log")
        try layout.write(String(repeating: "y", count: 16), to: "fits.log")
        let imported = try importXML(
            oneCase(["[[ATTACHMENT|big.log]]", "[[ATTACHMENT|fits.log]]"]), in: layout, maxAttachmentBytes: 16)
        #expect(
            imported.places == [
                "3: the attachment \"big.log\" is 17 bytes, over the limit of 16 bytes for one blob; it was not attached"
            ])
        #expect(try imported.attachments("t").map(\.name) == ["fits.log"])
    }

    @Test func theSameFileIsAttachedOnceAndStoredOnce() throws {
        let layout = try Layout()
        try layout.write("same", to: "shot.png")
        let imported = try importXML(
            """
            <testsuites><testsuite name="s">
            <testcase classname="c" name="twice">
              <properties><property name="attachment" value="shot.png"/></properties>
              <system-out>[[ATTACHMENT|shot.png]]
            [[ATTACHMENT|./shot.png]]</system-out>
            </testcase>
            <testcase classname="c" name="again"><system-out>[[ATTACHMENT|shot.png]]</system-out></testcase>
            </testsuite></testsuites>
            """, in: layout)
        #expect(imported.warnings.isEmpty)
        let twice = try imported.attachments("twice")
        let again = try imported.attachments("again")
        #expect(twice.count == 1)
        #expect(again.count == 1)
        #expect(twice.first?.blob == again.first?.blob)
        #expect(imported.results.blobs.count == 1)
    }

    @Test func theAttachmentsRootReplacesTheXMLFilesFolder() throws {
        let layout = try Layout()
        try layout.write("from root", to: "shot.txt", in: layout.elsewhere)
        try layout.write("beside the xml", to: "beside.txt")
        let imported = try importXML(
            oneCase([
                "[[ATTACHMENT|shot.txt]]", "[[ATTACHMENT|\(layout.reports.appendingPathComponent("beside.txt").path)]]",
            ]), in: layout, root: layout.elsewhere)
        #expect(try imported.attachments("t").map { try imported.content($0) } == ["from root"])
        #expect(imported.warnings.count == 1)
        #expect(imported.places.first?.hasPrefix("4: the attachment \"/") == true)
    }

    @Test func aSuitesAttachmentLinesStayInItsOutputWithAWarning() throws {
        let layout = try Layout()
        try layout.write("x", to: "x.txt")
        let imported = try importXML(
            """
            <testsuites><testsuite name="s">
            <testcase classname="c" name="t"/>
            <system-out>suite line
            [[ATTACHMENT|x.txt]]</system-out>
            </testsuite></testsuites>
            """, in: layout)
        #expect(imported.places.count == 1)
        #expect(imported.places.first?.hasPrefix("4: the <testsuite name=\"s\"> names 1 attachment(s)") == true)
        #expect(imported.results.suites.first?.output?.text == "suite line\n[[ATTACHMENT|x.txt]]")
        #expect(try imported.attachments("t").isEmpty)
    }
}
