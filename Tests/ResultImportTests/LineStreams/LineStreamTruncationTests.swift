import Foundation
import ResultImport
import ResultModel
import Testing
import _TestSupport

/// Every line-stream fixture cut at every byte: the import finishes, keeps no more tests than the whole file has,
/// and every error it reports names a line.
@Suite struct LineStreamTruncationTests {
    static let fixtures: [(path: String, format: ImportFormat)] = [
        ("formats/tap/test-more.tap", .tap),
        ("formats/tap/bats-tap13.tap", .tap),
        ("formats/go-test-json/test2json/panic.json", .goTestJSON),
        ("formats/libtest-json/cargo-test.json", .libtestJSON),
        ("formats/dart-json/test-reporter/dart-json.json", .dartJSON),
    ]

    @Test(arguments: fixtures.indices)
    func aFixtureCutAtEveryByteImportsWhatItHolds(index: Int) throws {
        let (path, format) = Self.fixtures[index]
        let bytes = Array(try Data(contentsOf: TestPaths.fixture(path)))
        let whole = try ImportHarness.run(bytes: bytes, name: "whole", format: format).totals.tests
        for cut in 0...bytes.count {
            let result = try ImportHarness.run(bytes: Array(bytes[..<cut]), name: "cut", format: format)
            #expect(result.totals.tests <= whole + 1, "cut at \(cut)")
            for diagnostic in result.diagnostics(.error) {
                #expect(diagnostic.line != nil || diagnostic.message.contains("more lines"), "cut at \(cut)")
            }
        }
    }
}
