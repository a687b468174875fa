import Foundation
import Testing

@testable import ResultImport

@Suite struct FormatRegistryTests {
    @Test func everyFormatHasOneUniqueNameThatTheCommandLineAccepts() {
        let names = FormatRegistry.formats.map(\.name.rawValue)
        #expect(Set(names).count == names.count)
        for name in names { #expect(ImportFormat(rawValue: name) != nil) }
        #expect(ImportFormat(rawValue: "no-such-format") == nil)
        #expect(ImportFormat.allCases.first == .auto)
    }

    @Test func theRootElementIsFoundPastTheDeclarationCommentsAndDoctype() {
        let text = "\u{FEFF}<?xml version=\"1.0\"?>\n<!-- made by x -->\n<!DOCTYPE TestRun>\n<ns:TestRun id=\"1\">"
        let probe = FormatProbe(prefix: Array(text.utf8), fileName: "t.xml")
        #expect(probe.xmlRootElement == "TestRun")
    }

    @Test func aFolderWithNoKnownFormatIsRefusedWithItsEntryCount() throws {
        let probe = FormatProbe(folderEntries: ["a.txt", "b.txt"], fileName: "results")
        let error = try #require(throws: ImportError.self) { _ = try FormatRegistry.detect(probe) }
        #expect(error.message.contains("this folder (2 entries) is not a results folder"))
    }

    @Test func textOfNoOtherFormatIsReadAsAConsoleLog() throws {
        let probe = FormatProbe(prefix: Array("Building for debugging...\n".utf8), fileName: "log")
        #expect(try FormatRegistry.detect(probe).name == .xctest)
    }
}

@Suite struct DeclaredTotalsTests {
    @Test func onlyTheCountsThatDisagreeAreNamedAndAgreementSaysNothing() throws {
        var totals = DeclaredTotals()
        totals.compare("total", declared: 12, found: 11)
        totals.compare("passed", declared: 9, found: 9)
        totals.compare("failed", declared: nil, found: 2)
        let warning = try #require(totals.warning("the Counters element", file: "r.trx", line: 4))
        #expect(
            warning.message
                == "the Counters element declares total 12, but the tests read give total 11; the tests read are counted"
        )
        var agreeing = DeclaredTotals()
        agreeing.compare("total", declared: 3, found: 3)
        #expect(agreeing.warning("the plan", file: "t.tap") == nil)
    }
}

/// ``FormatProbe/anyLine(limit:_:)`` sees the lines `split(separator: "\n")` gives, in order, however they end.
@Suite struct FormatProbeLineTests {
    static let texts = [
        "a\nb\n\nc", "a\r\nb\r\n", "\n\nx\n", "one line", "", "a\r\n\nb\rc\n\r\nd", "é\u{301}\nñ\nz\u{301}",
        "\u{FEFF}bom\nline", "a\n\u{301}b\n", "last\r",
    ]

    @Test(arguments: texts)
    func theLinesAreThoseSplittingTheTextGives(text: String) {
        let probe = FormatProbe(prefix: Array(text.utf8), fileName: "t")
        let expected = probe.text.split(separator: "\n", omittingEmptySubsequences: true).map {
            $0.last == "\r" ? String($0.dropLast()) : String($0)
        }
        for limit in 1...(expected.count + 1) {
            var seen: [String] = []
            _ = probe.anyLine(limit: limit) {
                seen.append(String($0))
                return false
            }
            #expect(seen == Array(expected.prefix(limit)))
        }
        var seen: [String] = []
        #expect(
            probe.anyLine {
                seen.append(String($0)); return seen.count == 2
            } == (expected.count >= 2))
    }
}
