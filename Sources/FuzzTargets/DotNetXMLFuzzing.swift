import Foundation
import ResultBundle
import ResultImport
import ResultModel

/// Targets for the .NET result files read through the shared XML reader: TRX, NUnit and xUnit.net.
enum DotNetXMLFuzzing {
    /// A TRX file through `import`'s own entry point.
    static func trx(_ input: UnsafeRawBufferPointer) { read(input, named: "input.trx", as: .trx) }

    /// An NUnit 2 or 3 file through `import`'s own entry point.
    static func nunit(_ input: UnsafeRawBufferPointer) { read(input, named: "input.xml", as: .nunit) }

    /// An xUnit.net v2 or v3 file through `import`'s own entry point.
    static func xunitNet(_ input: UnsafeRawBufferPointer) { read(input, named: "input.xml", as: .xunitNet) }

    private static func read(_ input: UnsafeRawBufferPointer, named name: String, as format: ImportFormat) {
        guard let file = ScratchInput.write(input, named: name) else { return }
        let sink = InMemoryResults()
        guard let run = try? sink.beginRun(RunRecord(producer: "fuzz", source: "fuzz")) else { return }
        _ = try? ResultImporter(sink: sink, runIndex: run).importFile(file.path, format: format)
    }
}
