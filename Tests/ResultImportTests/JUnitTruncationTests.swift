import Foundation
import ResultModel
import Testing
import _TestSupport

@testable import ResultImport

/// A JUnit file cut off anywhere keeps every test case that was complete before the cut.
@Suite struct JUnitTruncationTests {
    /// Test cases of every shape, some with children, in two suites.
    static let document: String = {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#, "<testsuites>"]
        for suite in 0..<2 {
            lines.append(#"  <testsuite name="Module.Suite\#(suite)" tests="30" timestamp="2026-11-22T11:06:58">"#)
            for index in 0..<30 {
                let head =
                    #"    <testcase classname="Module.Suite\#(suite)" name="test\#(index)" time="0.00\#(index % 10)""#
                switch index % 6 {
                case 1:
                    lines.append(head + #"><failure message="no" type="Assert">at line \#(index)</failure></testcase>"#)
                case 3: lines.append(head + "><skipped/></testcase>")
                case 5: lines.append(head + "><system-out>printed \(index)</system-out></testcase>")
                default: lines.append(head + "/>")
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n")
    }()

    /// How many test cases end (with `/>` or `</testcase>`) within `text`, and whether another one's start tag
    /// is there whole (the importer writes that test too, as far as it got).
    static func testCases(in text: Substring) -> (complete: Int, open: Bool) {
        var count = 0
        var rest = text[...]
        while let start = rest.range(of: "<testcase") {
            rest = rest[start.upperBound...]
            guard let close = rest.firstIndex(of: ">") else { break }
            if rest[rest.index(before: close)] == "/" || rest.range(of: "</testcase>") != nil {
                count += 1
            } else {
                return (count, true)
            }
        }
        return (count, false)
    }

    @Test func everyCompleteTestCaseBeforeACutIsKept() throws {
        let directory = try TestPaths.makeTemporaryDirectory("junit-cut")
        let bytes = Array(Self.document.utf8)
        let start = bytes.count / 2
        for cut in stride(from: start, to: bytes.count, by: 3) {
            let url = directory.appendingPathComponent("cut.xml")
            try Data(bytes[..<cut]).write(to: url)
            let result = try ImportHarness.run([url.path], format: .junit)
            let cases = Self.testCases(in: String(decoding: bytes[..<cut], as: UTF8.self)[...])
            let expected = cases.complete + (cases.open ? 1 : 0)
            let imported = result.results.tests.count
            #expect(
                imported == expected, "cut at byte \(cut): \(String(decoding: bytes[(cut - 80)..<cut], as: UTF8.self))")
            if imported != expected { return }
        }
    }

    @Test func theWholeDocumentImportsEveryTestCase() throws {
        let url = try TestPaths.makeTemporaryDirectory("junit-whole").appendingPathComponent("whole.xml")
        try Data(Self.document.utf8).write(to: url)
        let result = try ImportHarness.run([url.path], format: .junit)
        #expect(result.results.tests.count == 60)
        #expect(result.outcomes.first?.diagnostics.isEmpty == true)
    }

    @Test(arguments: [
        ("", true), ("<testsuites/>", true), (#"<?xml version="1.0"?><a/>"#, true),
        (#"<?xml version="1.0" encoding="UTF-8"?>"#, true), (#"<?xml version='1.0' encoding='utf8'?>"#, true),
        (#"<?xml version="1.0" encoding="ISO-8859-1"?>"#, false),
        (#"<?xml version="1.0" encoding = "UTF-16"?>"#, false),
    ])
    func theDeclarationSaysWhetherTheDocumentIsUTF8(text: String, isUTF8: Bool) {
        #expect(XMLDeclaration.isUTF8(Array(text.utf8)) == isUTF8)
    }

    @Test func byteOrderMarksSayTheEncoding() {
        #expect(XMLDeclaration.isUTF8([0xEF, 0xBB, 0xBF, 0x3C]))
        #expect(!XMLDeclaration.isUTF8([0xFF, 0xFE, 0x3C, 0x00]))
        #expect(!XMLDeclaration.isUTF8([0xFE, 0xFF, 0x00, 0x3C]))
        #expect(!XMLDeclaration.isUTF8([0x00, 0x3C, 0x00, 0x3F]))
    }
}
