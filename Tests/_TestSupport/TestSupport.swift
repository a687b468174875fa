import Foundation

/// Paths the tests use: the package root, the corpus and schemas in `Tests/Fixtures/`, and scratch folders.
public enum TestPaths {
    /// The package's root folder (the one holding `Package.swift`).
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url
            }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// `Tests/Fixtures`: every file a test reads and no test writes, in one place.
    public static var fixtures: URL { packageRoot.appendingPathComponent("Tests/Fixtures") }

    /// A file or folder under `Tests/Fixtures`, such as `fixture("hostile-xml/xxe.xml")`.
    public static func fixture(_ relativePath: String) -> URL {
        fixtures.appendingPathComponent(relativePath)
    }

    /// `Tests/Fixtures/corpus`: real outputs of real test runners (sources and licenses in its README).
    public static var corpus: URL { fixture("corpus") }

    /// `Tests/Fixtures/schemas`: the JUnit XSDs (licenses in its README).
    public static var schemas: URL { fixture("schemas") }

    /// `SampleBundles/` in the package.
    public static var sampleBundles: URL { packageRoot.appendingPathComponent("SampleBundles") }

    /// A new empty temporary folder, in this process's ``TestScratch`` folder (removed when the process exits).
    public static func makeTemporaryDirectory(_ label: String = "test") throws -> URL {
        let url = TestScratch.folder.appendingPathComponent("resultbundle-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The built `resultbundle` binary, for end-to-end tests (`.build/debug/resultbundle` or
    /// `RESULTBUNDLE_BINARY` when set).
    public static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["RESULTBUNDLE_BINARY"] {
            return URL(fileURLWithPath: path)
        }
        return packageRoot.appendingPathComponent(".build/debug/resultbundle")
    }
}
