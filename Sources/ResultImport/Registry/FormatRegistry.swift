/// Every format `import` reads, in the order detection tries them: formats recognised by a strict marker first
/// (an XML root element, a JSON key, a first line), console logs last.
public enum FormatRegistry {
    /// The formats, in detection order.
    public static let formats: [any ResultFormat] = [
        TRXFormat(),
        NUnitFormat(),
        XunitNetFormat(),
        JUnitFormat(),
        EventStreamFormat(),
        PytestReportLogFormat(),
        DartJSONFormat(),
        GoTestJSONFormat(),
        LibTestJSONFormat(),
        TAPFormat(),
        AllureFormat(),
        XCResultFormat(),
        XCResultToolJSONFormat(),
        CTRFFormat(),
        PlaywrightFormat(),
        MochawesomeFormat(),
        JestFormat(),
        MochaFormat(),
        RSpecFormat(),
        PytestJSONReportFormat(),
        ConsoleFormat.xctest,
        ConsoleFormat.swiftTesting,
    ]

    /// The format named `name`, when one is registered.
    public static func format(named name: String) -> (any ResultFormat)? {
        formats.first { $0.name.rawValue == name }
    }

    /// The format of an input, or an error saying why it is not test output in any format read here.
    public static func detect(_ probe: FormatProbe) throws -> any ResultFormat {
        if let format = formats.first(where: { $0.recognizes(probe) }) { return format }
        if let entries = probe.folderEntries {
            throw ImportError(
                .notTestOutput,
                "this folder (\(entries.count) entries) is not a results folder of any format read here "
                    + "(\(folderFormatNames))",
                file: probe.fileName)
        }
        if probe.isXML {
            let root = probe.xmlRootElement.map { "<\($0)>" } ?? "no element"
            throw ImportError(
                .notTestOutput,
                "this XML file's root element is \(root), which is not the root of any results format read here",
                file: probe.fileName)
        }
        // A text log whose beginning is build output may still hold tests further on: read it as a console
        // log, which reports "no test results" at the end when there are none.
        if !probe.prefix.isEmpty && !probe.prefix.contains(0) { return ConsoleFormat.xctest }
        throw ImportError(
            .notTestOutput,
            "no test results of any format read here in the first \(probe.prefix.count) bytes",
            file: probe.fileName)
    }

    private static var folderFormatNames: String {
        let names = formats.filter(\.readsFolders).map(\.name.rawValue)
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}
