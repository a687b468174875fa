import CIAnnotations
import Foundation
import ResultBundle
import ResultModel
import Testing
import _TestSupport

/// Annotations of a bundle that knows where its failed and flaky tests are (format 1.7) are read from those alone,
/// and are exactly those made after reading every test, in every format.
@Suite struct AnnotationPositionsTests {
    /// Made once for every test of the suite; a failure to make them fails each test that asks, not the run.
    static let bundles = Result {
        try ShownTestsBundles.all(in: TestPaths.makeTemporaryDirectory("annotate-positions"))
    }

    private static func annotate(
        _ source: any ResultSource, _ format: AnnotationFormat, cap: Int? = nil
    ) throws -> String {
        var text = ""
        try AnnotationRenderer(format: format, root: "/src", maxPerSeverity: cap).render(
            [("tests.resultbundle", source)]
        ) { text += $0 }
        return text
    }

    @Test(arguments: AnnotationFormat.allCases)
    func sayWhatReadingEveryTestSays(format: AnnotationFormat) throws {
        for bundle in try Self.bundles.get() {
            let reader = try BundleReader(url: bundle)
            #expect(
                try Self.annotate(reader, format) == (try Self.annotate(EveryTestSource(reader), format)),
                "\(bundle.lastPathComponent)")
        }
    }

    @Test(arguments: [AnnotationFormat.github, .azure], [0, 3, 200])
    func cappedAnnotationsSayWhatReadingEveryTestSays(format: AnnotationFormat, cap: Int) throws {
        let reader = try BundleReader(url: try #require(Self.bundles.get().last))
        #expect(
            try Self.annotate(reader, format, cap: cap)
                == (try Self.annotate(EveryTestSource(reader), format, cap: cap)))
    }

    @Test func gitHubAnnotationsReadOnlyTheShownTests() throws {
        let url = try TestPaths.makeTemporaryDirectory("annotate-positions").appendingPathComponent("g.resultbundle")
        try ShownTestsBundles.writeGeneratedRuns(to: url)
        let reader = try BundleReader(url: url)
        var read = 0
        #expect(try reader.forEachTest(in: [.failed, .flaky]) { _ in read += 1 })
        #expect(read == 524)
        let source = ShownTestsOnlySource(reader)
        let text = try Self.annotate(source, .github)
        #expect(text.contains("290 more failed tests and 214 more warnings are not annotated"))
        // Ten of each severity are read and written; the rest are counted from their kinds.
        #expect(source.testsRead == 20)
    }
}
