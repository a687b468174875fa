/// NUnit's result XML: NUnit 3's `<test-run>` (nunit3-console, NUnitXml.TestLogger, Unity) and NUnit 2's
/// `<test-results>`.
struct NUnitFormat: ResultFormat {
    var name: ImportFormat { .nunit }
    var summary: String { "NUnit 3 (<test-run>) or NUnit 2 (<test-results>) XML" }

    func recognizes(_ probe: FormatProbe) -> Bool {
        guard probe.isXML, let root = probe.xmlRootElement else { return false }
        return root == "test-run" || root == "test-results" || root == "test-suite"
    }

    func read(_ input: ImportInput, _ context: ImportContext) throws -> ImportOutcome {
        let (descriptor, prefix) = try input.file("NUnit XML", fileName: context.fileName)
        return try NUnitImporter(context: context).run(prefix: prefix, descriptor: descriptor)
    }
}

extension ImportFormat {
    /// NUnit 2 and 3 XML.
    public static let nunit = ImportFormat(declared: "nunit")
}
