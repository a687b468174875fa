import Testing

@testable import ResultImport

/// `[[ATTACHMENT|path]]` markers as the Jenkins JUnit Attachments plugin and GitLab read them, and the
/// `attachment` properties of test cases.
@Suite struct JUnitAttachmentMarkersTests {
    private func found(_ text: String, firstLine: Int = 1) -> [String] {
        JUnitAttachmentMarkers.references(in: text, firstLine: firstLine).map { "\($0.line ?? 0) \($0.path)" }
    }

    @Test func findsEveryMarkerOfAnOutputWithItsLine() {
        let text = """
            starting
            [[ATTACHMENT|shots/one.png]]
              [[ATTACHMENT|two.txt]]
            saved [[ATTACHMENT|three.log]] and [[ATTACHMENT|/abs/four.json]] done
            """
        #expect(found(text, firstLine: 10) == ["11 shots/one.png", "12 two.txt", "13 three.log", "13 /abs/four.json"])
    }

    @Test func trimsWhitespaceAndIgnoresTheReservedField() {
        #expect(found("[[ATTACHMENT|  spaced name.png \t]]") == ["1 spaced name.png"])
        #expect(found("[[ATTACHMENT|picture.png|reserved by the plugin]]") == ["1 picture.png"])
        #expect(found("first\r\n[[ATTACHMENT|crlf.txt]]\r\n") == ["2 crlf.txt"])
    }

    @Test(arguments: [
        "[[ATTACHMENT|]]", "[[ATTACHMENT|   ]]", "[[ATTACHMENT|unterminated.png", "[[ATTACHMENT no-bar.png]]",
        "[[attachment|lower-case.png]]", "[ATTACHMENT|single.png]", "[[ATTACHMENT|split.png\n]]",
        "[[ATTACHMENT||only-reserved]]",
    ])
    func ignoresMalformedMarkers(_ text: String) {
        #expect(found(text).isEmpty)
    }

    @Test func aCutMarkerDoesNotHideTheWholeOneAfterIt() {
        #expect(found("[[ATTACHMENT|cut [[ATTACHMENT|whole.png]]") == ["1 whole.png"])
    }

    @Test func recognizesAttachmentProperties() {
        #expect(JUnitAttachmentMarkers.isAttachmentProperty("attachment"))
        #expect(JUnitAttachmentMarkers.isAttachmentProperty("attachment_1"))
        #expect(JUnitAttachmentMarkers.isAttachmentProperty("attachment_12"))
        #expect(!JUnitAttachmentMarkers.isAttachmentProperty("attachments"))
        #expect(!JUnitAttachmentMarkers.isAttachmentProperty("attachment_"))
        #expect(!JUnitAttachmentMarkers.isAttachmentProperty("attachment_x"))
        #expect(!JUnitAttachmentMarkers.isAttachmentProperty("Attachment"))
    }
}
