import ResultModel

extension ImportFormat {
    /// `xcrun xcresulttool get test-results tests` (or `summary`) JSON, Xcode 16 and later.
    public static let xcresulttoolJSON = ImportFormat(declared: "xcresulttool-json")
}

/// The JSON of `xcrun xcresulttool get test-results tests` (the tree of test nodes) and of `... summary` (counts
/// and failures), as Xcode 16 and later write it.
struct XCResultToolJSONFormat: ResultFormat {
    var name: ImportFormat { .xcresulttoolJSON }
    var summary: String { "xcresulttool get test-results tests/summary JSON, Xcode 16 and later" }

    func recognizes(_ probe: FormatProbe) -> Bool {
        guard probe.text.hasPrefix("{") else { return false }
        if probe.contains("\"testNodes\"") && probe.contains("\"nodeType\"") { return true }
        return probe.contains("\"devicesAndConfigurations\"")
            || (probe.contains("\"totalTestCount\"") && probe.contains("\"testFailures\""))
    }

    func read(_ input: ImportInput, _ context: ImportContext) throws -> ImportOutcome {
        let bytes = try input.readAll(fileName: context.fileName)
        return try bytes.withUnsafeBufferPointer { buffer in
            if try Self.isSummary(buffer, fileName: context.fileName) {
                return try XCResultToolSummaryReader(context: context).read(buffer)
            }
            return try XCResultToolTestsReader(context: context).read(buffer)
        }
    }

    /// Whether the document's top-level object is a summary (`totalTestCount`, `testFailures`) rather than the
    /// tree of tests (`testNodes`); a damaged document is read as a tree, which names the damage.
    private static func isSummary(_ buffer: UnsafeBufferPointer<UInt8>, fileName: String) throws -> Bool {
        var reader = JSONPullReader(buffer)
        var sawSummaryKey = false
        var sawNodes = false
        do {
            try reader.readObject { reader, key in
                if key == "testNodes" { sawNodes = true }
                if key == "totalTestCount" || key == "testFailures" { sawSummaryKey = true }
                try reader.skipValue()
            }
        } catch is JSONReadError {
            return false
        }
        return sawSummaryKey && !sawNodes
    }
}
