/// Visual Studio's test results (`.trx`), as `dotnet test --logger trx` (MSTest, xUnit.net and NUnit adapters) and
/// mstest.exe 2008 to 2010 write them.
struct TRXFormat: ResultFormat {
    var name: ImportFormat { .trx }
    var summary: String { "Visual Studio TRX (<TestRun>), from dotnet test --logger trx or mstest" }

    func recognizes(_ probe: FormatProbe) -> Bool {
        probe.isXML && probe.xmlRootElement == "TestRun"
    }

    func read(_ input: ImportInput, _ context: ImportContext) throws -> ImportOutcome {
        let (descriptor, prefix) = try input.file("a TRX file", fileName: context.fileName)
        return try TRXImporter(context: context).run(prefix: prefix, descriptor: descriptor)
    }
}

extension ImportFormat {
    /// Visual Studio TRX.
    public static let trx = ImportFormat(declared: "trx")
}
