import CIAnnotations
import Foundation
import ResultBundle
import ResultModel
import Testing
import _TestSupport

/// Annotations of a bundle that knows where its failed and flaky tests are (format 1.7) are read from those alone,
/// and are exactly those made after reading every test, in every format.
@Suite struct AnnotationPositionsTests {
    static let bundles: [URL] = {
        let directory = try! TestPaths.makeTemporaryDirectory("annotate-positions")
        return try! ShownTestsBundles.all(in: directory)
    }()

    private static func annotate(_ source: any ResultSource, _ format: AnnotationFormat) throws -> String {
        var text = ""
        try AnnotationRenderer(format: format, root: "/src").render([("tests.resultbundle", source)]) { text += $0 }
        return text
    }

    @Test(arguments: bundles, AnnotationFormat.allCases)
    func sayWhatReadingEveryTestSays(bundle: URL, format: AnnotationFormat) throws {
        let reader = try BundleReader(url: bundle)
        #expect(try Self.annotate(reader, format) == (try Self.annotate(EveryTestSource(reader), format)))
    }

    @Test func gitHubAnnotationsReadOnlyTheShownTests() throws {
        let url = try TestPaths.makeTemporaryDirectory("annotate-positions").appendingPathComponent("g.resultbundle")
        try ShownTestsBundles.writeGeneratedRuns(to: url)
        let reader = try BundleReader(url: url)
        var read = 0
        #expect(try reader.forEachTest(in: [.failed, .flaky]) { _ in read += 1 })
        #expect(read == 450)
        let text = try Self.annotate(ShownTestsOnlySource(reader), .github)
        #expect(text.contains("more failed tests"))
    }
}
