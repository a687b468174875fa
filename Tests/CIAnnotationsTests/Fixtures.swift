import CIAnnotations
import Foundation
import ResultBundle
import ResultModel
import ResultSupport
import _TestSupport

/// The inputs the annotation tests render: the committed hostile bundle and the CI-injection run.
enum Fixtures {
    static var hostileBundle: URL {
        TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/hostile.resultbundle")
    }

    static func injection() throws -> InMemoryResults {
        let results = InMemoryResults()
        try HostileResults.writeCIInjection(into: results)
        return results
    }

    /// Renders `source` in `format`, the way `annotate` does.
    static func render(
        _ source: any ResultSource, _ format: AnnotationFormat, root: String? = HostileResults.ciInjectionRoot,
        maxPerSeverity: Int? = nil, name: String = "run.resultbundle"
    ) throws -> String {
        var text = ""
        let renderer = AnnotationRenderer(format: format, root: root, maxPerSeverity: maxPerSeverity)
        try renderer.render([(name: name, source: source)]) { text += $0 }
        return text
    }

    /// The annotations the builder makes for `source`'s tests.
    static func annotations(_ source: any ResultSource, root: String? = HostileResults.ciInjectionRoot) throws
        -> [Annotation]
    {
        var found: [Annotation] = []
        let paths = SourcePaths(root: root)
        try source.forEachTest { test in
            if let annotation = AnnotationBuilder().annotation(for: test, paths: paths, workingDirectory: root) {
                found.append(annotation)
            }
        }
        return found
    }
}
