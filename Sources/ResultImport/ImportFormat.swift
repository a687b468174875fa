import ResultSupport

/// The input formats `import` reads.
public enum ImportFormat: String, CaseIterable, Sendable {
    /// Decide from the content.
    case auto
    /// XCTest console output (Linux or Xcode); swift-testing lines in the same log are read too.
    case xctest
    /// swift-testing console output; XCTest lines in the same log are read too.
    case swiftTesting = "swift-testing"
    /// swift-testing's JSON event stream (`--experimental-event-stream-output`).
    case eventStream = "event-stream"
    /// JUnit XML from any tool.
    case junit
}

/// Decides an input's format from its first bytes.
public enum FormatDetector {
    /// The format of content starting with `prefix` (the first 64 KiB or so), or an error saying why it is not
    /// test output.
    public static func detect(_ prefix: [UInt8], fileName: String) throws -> ImportFormat {
        var start = 0
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < prefix.count, [0x20, 0x09, 0x0A, 0x0D].contains(prefix[start]) { start += 1 }
        // XML may be in UTF-16 (libxml2 reads it; only JUnit among our formats can be).
        let text =
            UTF16Prefix.decode(prefix).map { $0.drop { " \t\r\n".contains($0) } }.map(String.init)
            ?? String(decoding: prefix[start...], as: UTF8.self)
        if text.hasPrefix("<") {
            if text.contains("<testsuites") || text.contains("<testsuite") { return .junit }
            if text.contains("<test-run") || text.contains("<test-results") || text.contains("<assemblies") {
                throw ImportError(
                    .unsupported,
                    "this is NUnit or xUnit.net XML, not JUnit XML; convert it to JUnit XML first",
                    file: fileName)
            }
            throw ImportError(
                .notTestOutput, "this XML file has no <testsuites> or <testsuite> element, so it is not JUnit XML",
                file: fileName)
        }
        if text.hasPrefix("{") {
            let firstLine = text.prefix { $0 != "\n" }
            if firstLine.contains("\"kind\"") && firstLine.contains("\"version\"") { return .eventStream }
        }
        if text.contains("Test Suite '") || text.contains("Test Case '") || text.contains("Test case '") {
            return .xctest
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).prefix(2000) {
            let plain = ANSIEscapes.strip(String(line))
            if SwiftTestingLineClassifier.classify(plain) != nil { return .swiftTesting }
        }
        // A text log whose beginning is build output may still hold tests further on: read it as a console
        // log, which reports "no test results" at the end when there are none.
        if !prefix.isEmpty && !prefix.contains(0) { return .xctest }
        throw ImportError(
            .notTestOutput,
            "no XCTest, swift-testing, event-stream or JUnit content in the first \(prefix.count) bytes",
            file: fileName)
    }
}

/// The beginning of a UTF-16 document: with a byte-order mark, or an XML declaration's `<?` in either byte order.
enum UTF16Prefix {
    /// The text `prefix` holds when it is UTF-16, without its byte-order mark; nil when it is not UTF-16.
    static func decode(_ prefix: [UInt8]) -> String? {
        let littleEndian: Bool
        var start = 0
        if prefix.starts(with: [0xFF, 0xFE]) {
            littleEndian = true
            start = 2
        } else if prefix.starts(with: [0xFE, 0xFF]) {
            littleEndian = false
            start = 2
        } else if prefix.starts(with: [0x3C, 0x00, 0x3F, 0x00]) {
            littleEndian = true
        } else if prefix.starts(with: [0x00, 0x3C, 0x00, 0x3F]) {
            littleEndian = false
        } else {
            return nil
        }
        var units: [UInt16] = []
        units.reserveCapacity((prefix.count - start) / 2)
        var index = start
        while index + 1 < prefix.count {
            let (low, high) = littleEndian ? (prefix[index], prefix[index + 1]) : (prefix[index + 1], prefix[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }
}
