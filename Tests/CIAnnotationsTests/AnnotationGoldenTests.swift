import CIAnnotations
import Foundation
import ResultBundle
import Testing
import _TestSupport

/// Each format's whole output for the hostile bundle and the CI-injection run, compared with a reviewed golden file;
/// `RECORD_GOLDENS=1` re-records them.
@Suite struct AnnotationGoldenTests {
    static let goldens = TestPaths.packageRoot.appendingPathComponent("Tests/CIAnnotationsTests/Goldens")

    static func fileExtension(_ format: AnnotationFormat) -> String { format == .gitlab ? "json" : "txt" }

    @Test(arguments: AnnotationFormat.allCases)
    func injectionRunMatchesItsGolden(format: AnnotationFormat) throws {
        let actual = try Fixtures.render(try Fixtures.injection(), format, maxPerSeverity: format == .github ? 1 : nil)
        try compare(actual, golden: "injection-\(format.rawValue).\(Self.fileExtension(format))")
    }

    @Test(arguments: AnnotationFormat.allCases)
    func hostileBundleMatchesItsGolden(format: AnnotationFormat) throws {
        let reader = try BundleReader(url: Fixtures.hostileBundle)
        let actual = try Fixtures.render(reader, format, root: nil, name: "Tests/Fixtures/hostile.resultbundle")
        try compare(actual, golden: "hostile-\(format.rawValue).\(Self.fileExtension(format))")
    }

    private func compare(_ actual: String, golden name: String) throws {
        let golden = Self.goldens.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] != nil {
            try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
            try actual.write(to: golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(actual == expected, "\(name) differs; review and re-record with RECORD_GOLDENS=1")
    }
}
