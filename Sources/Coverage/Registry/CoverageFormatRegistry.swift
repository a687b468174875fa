import ResultImport

/// Every coverage format read, in the order detection tries them: each is recognised by a strict marker (a first
/// line, an XML root element and its children, JSON keys), so the order only matters for speed.
public enum CoverageFormatRegistry {
    /// The formats, in detection order.
    public static let formats: [any CoverageFormat] = [
        LcovFormat(),
        GoCoverProfileFormat(),
        CoberturaFormat(),
        JaCoCoFormat(),
        LLVMCovFormat(),
        CoveragePyFormat(),
        IstanbulFormat(),
        SimpleCovFormat(),
        XccovReportFormat(),
        XccovArchiveFormat(),
        GcovrFormat(),
        OpenCoverFormat(),
        CloverFormat(),
        SonarQubeFormat(),
        CoverageJSONFormat(),
    ]

    /// The format named `name`, when one is registered.
    public static func format(named name: String) -> (any CoverageFormat)? {
        formats.first { $0.name == name }
    }

    /// The format of an input, or an error saying why it is not coverage in any format read here.
    public static func detect(_ probe: FormatProbe) throws -> any CoverageFormat {
        if let format = formats.first(where: { $0.recognizes(probe) }) { return format }
        let names = formats.map(\.name).joined(separator: ", ")
        let what: String
        if probe.prefix.isEmpty {
            what = "the file is empty"
        } else if probe.isXML {
            what = "this XML file's root element is " + (probe.xmlRootElement.map { "<\($0)>" } ?? "not found")
        } else {
            what = "the first \(probe.prefix.count) bytes are not"
        }
        throw CoverageError(
            .notCoverage, "\(what): not coverage in any format read here (\(names))", file: probe.fileName)
    }
}
