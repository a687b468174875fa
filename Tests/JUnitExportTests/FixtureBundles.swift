import Foundation
import ResultBundle
import ResultModel
import _TestSupport

/// Bundles the export tests run on: every committed sample, and the hostile results.
enum FixtureBundles {
    static var samples: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.sampleBundles.path)) ?? []
        return names.filter { $0.hasSuffix(".resultbundle") }.sorted().map {
            TestPaths.sampleBundles.appendingPathComponent($0)
        }
    }

    static func hostile() throws -> InMemoryResults {
        let results = InMemoryResults()
        try HostileResults.write(into: results)
        return results
    }
}

/// Runs `xmllint --schema` on a file; returns its complaint, or nil when the file validates.
enum SchemaValidation {
    static func problems(_ file: URL, schema: String) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "xmllint", "--noout", "--nonet", "--schema", TestPaths.schemas.appendingPathComponent(schema).path,
            file.path,
        ]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : String(decoding: data, as: UTF8.self)
    }
}
