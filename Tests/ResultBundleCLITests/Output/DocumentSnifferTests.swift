import Foundation
import Testing

@testable import ResultBundleCLI

/// What a document output takes for its own kind, from the first bytes of the file already there.
@Suite struct DocumentSnifferTests {
    @Test(arguments: [
        ("<?xml version=\"1.0\"?>\n<testsuites/>", "testsuites"),
        ("\u{FEFF}<!-- made by pytest -->\n<testsuite name=\"x\">", "testsuite"),
        ("<?xml version=\"1.0\"?><!DOCTYPE testsuite><testsuite>", "testsuite"),
        ("  \n<project>", "project"),
    ])
    func findsTheRootElement(text: String, root: String) {
        #expect(DocumentSniffer.rootElement(of: Array(text.utf8)) == root)
    }

    @Test(arguments: ["", "notes", "<!-- never closed", "{\"a\": 1}"])
    func findsNoRootElementWhereThereIsNoXML(text: String) {
        #expect(DocumentSniffer.rootElement(of: Array(text.utf8)) == nil)
    }

    @Test func recognisesEachFormatsAnnotationsAndNothingElse() {
        let github = Array("::error file=a.swift,line=3::boom\n::notice::2 more\n".utf8)
        let azure = Array("##vso[task.logissue type=error]boom\n".utf8)
        #expect(DocumentSniffer.isAnnotations(github, format: .github))
        #expect(!DocumentSniffer.isAnnotations(github, format: .azure))
        #expect(DocumentSniffer.isAnnotations(azure, format: .azure))
        #expect(!DocumentSniffer.isAnnotations(Array("::error::x\nmy notes\n".utf8), format: .github))
        #expect(DocumentSniffer.isAnnotations(Array("[\n]\n".utf8), format: .gitlab))
        #expect(
            DocumentSniffer.isAnnotations(
                Array("[\n  {\"description\": \"x\", \"check_name\": \"y\"}".utf8), format: .gitlab))
        #expect(!DocumentSniffer.isAnnotations(Array("[1, 2, 3]\n".utf8), format: .gitlab))
    }
}
