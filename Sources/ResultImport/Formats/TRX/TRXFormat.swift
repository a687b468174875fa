/// Visual Studio's test results (`.trx`), as `dotnet test --logger trx` (MSTest, xUnit.net and NUnit adapters) and
/// mstest.exe 2008 to 2010 write them.
struct TRXFormat: ResultFormat {
    var name: ImportFormat { .trx }
    var summary: String { "Visual Studio TRX (<TestRun>), from dotnet test --logger trx or mstest" }

    func recognizes(_ probe: FormatProbe) -> Bool {
        probe.isXML && probe.xmlRootElement == "TestRun"
    }

    func read(_ input: ImportInput, _ context: ImportContext) throws -> ImportOutcome {
        guard case .stream(let descriptor, let prefix) = input else {
            throw ImportError(.unsupported, "a TRX file is a file, not a folder", file: context.fileName)
        }
        return try TRXImporter(context: context).run(prefix: prefix, descriptor: descriptor)
    }
}

extension ImportFormat {
    /// Visual Studio TRX.
    public static let trx = ImportFormat(declared: "trx")
}
