import ResultModel

/// xUnit.net's XML (`-xml`, v2 and v3 consoles and `xunit.runner.visualstudio`'s loggers): `<assemblies>`.
struct XunitNetFormat: ResultFormat {
    var name: ImportFormat { .xunitNet }
    var summary: String { "xUnit.net v2 or v3 XML (<assemblies>)" }

    func recognizes(_ probe: FormatProbe) -> Bool {
        guard probe.isXML, let root = probe.xmlRootElement else { return false }
        return root == "assemblies" || root == "assembly"
    }

    func read(_ input: ImportInput, _ context: ImportContext) throws -> ImportOutcome {
        let (descriptor, prefix) = try input.file("xUnit.net XML", fileName: context.fileName)
        return try XunitNetImporter(context: context).run(prefix: prefix, descriptor: descriptor)
    }

    /// The status of a test's `result`: `Pass`, `Fail`, `Skip` and v3's `NotRun` (skipped); any other word fails.
    static func status(_ result: String?) -> TestStatus {
        switch result?.lowercased() {
        case "pass": .passed
        case "skip", "notrun": .skipped
        default: .failed
        }
    }

    /// The assembly attribute that counts a test with `result`.
    static func counter(_ result: String?) -> String? {
        switch result?.lowercased() {
        case "pass": "passed"
        case "fail": "failed"
        case "skip": "skipped"
        case "notrun": "not-run"
        default: nil
        }
    }

    /// A trait as a tag: a `Category` trait's value, any other `name=value`.
    static func tag(name: String, value: String) -> String {
        name.lowercased() == "category" ? value : "\(name)=\(value)"
    }
}

extension ImportFormat {
    /// xUnit.net v2 and v3 XML.
    public static let xunitNet = ImportFormat(declared: "xunit-net")
}
