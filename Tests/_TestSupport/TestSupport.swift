import Foundation

/// Paths the tests use: the package root, the shared corpus and schemas beside it, and scratch folders.
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

    /// `../shared/corpus` beside the package: real outputs of real test runners.
    public static var corpus: URL {
        packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    /// `../shared/schemas` beside the package: the JUnit XSDs.
    public static var schemas: URL {
        packageRoot.deletingLastPathComponent().appendingPathComponent("shared/schemas")
    }

    /// `SampleBundles/` in the package.
    public static var sampleBundles: URL { packageRoot.appendingPathComponent("SampleBundles") }

    /// A new empty temporary folder, removed by the system eventually.
    public static func makeTemporaryDirectory(_ label: String = "test") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("resultbundle-\(label)-\(UUID().uuidString)")
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
