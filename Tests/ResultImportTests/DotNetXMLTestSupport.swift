import Foundation
import ResultImport
import ResultModel
import Testing
import _TestSupport

/// Helpers of the TRX, NUnit and xUnit.net import tests.
enum DotNetXML {
    /// Imports `text` written to a file named `name` (detection picks the format).
    static func run(_ text: String, name: String) throws -> ImportHarness.Result {
        try ImportHarness.run(text: text, name: name)
    }

    /// The test whose name is `name`.
    static func test(_ name: String, in result: ImportHarness.Result) throws -> TestRecord {
        try #require(result.results.tests.first { $0.identity.name == name }, "no test named \(name)")
    }

    /// Imports every prefix of `text` (cut after each byte from `start`): each either imports the tests before
    /// the cut with one error diagnostic that names a line, or, with no test before it, throws an error that
    /// names one. Never more tests than `whole`.
    static func checkEveryCut(of text: String, name: String, whole: Int, from start: Int = 0) throws {
        let directory = try TestPaths.makeTemporaryDirectory("dotnet-cut")
        let bytes = Array(text.utf8)
        let url = directory.appendingPathComponent(name)
        for cut in start..<bytes.count {
            try Data(bytes[..<cut]).write(to: url)
            do {
                let result = try ImportHarness.run([url.path])
                let errors = result.outcomes.flatMap(\.diagnostics).filter { $0.severity == .error }
                #expect(result.results.tests.count <= whole, "cut at \(cut)")
                #expect(errors.count == 1 && errors.first?.line != nil, "cut at \(cut): \(errors)")
            } catch let error as ImportError {
                #expect(!error.message.isEmpty, "cut at \(cut)")
            }
        }
    }
}
