/// JUnit XML, as Surefire, Gradle, pytest, jest-junit, `swift test --xunit-output` and many others write it.
struct JUnitFormat: ResultFormat {
    var name: ImportFormat { .junit }
    var summary: String { "JUnit XML (<testsuites> or <testsuite>), from any tool" }

    func recognizes(_ probe: FormatProbe) -> Bool {
        guard probe.isXML else { return false }
        if let root = probe.xmlRootElement, root == "testsuites" || root == "testsuite" { return true }
        // Some tools wrap the suites in an element of their own; the other XML formats are tried first.
        return probe.text.contains("<testsuites") || probe.text.contains("<testsuite")
    }

    func read(_ input: ImportInput, _ context: ImportContext) throws -> ImportOutcome {
        guard case .stream(let descriptor, let prefix) = input else {
            throw ImportError(.unsupported, "JUnit XML is a file, not a folder", file: context.fileName)
        }
        let importer = JUnitImporter(
            sink: context.sink, runIndex: context.runIndex, fileName: context.fileName,
            attachmentsBase: context.attachmentsBase, maxAttachmentBytes: context.maxAttachmentBytes)
        let (tests, diagnostics) = try importer.run(prefix: prefix, descriptor: descriptor)
        return ImportOutcome(format: .junit, testCount: tests, diagnostics: diagnostics)
    }
}
