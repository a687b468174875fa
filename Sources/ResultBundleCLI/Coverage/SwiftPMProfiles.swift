import Foundation

/// The coverage profiles a `swift test --enable-code-coverage` run leaves in its `codecov` folder, exported to
/// llvm-cov JSON as SwiftPM exports them after tests that all passed: `llvm-profdata merge -sparse` of the
/// `.profraw` files, then `llvm-cov export -instr-profile` of the package's test binary. `record --coverage` needs
/// it because SwiftPM exports nothing when a test failed, which is when coverage is read with the failures.
struct SwiftPMProfiles {
    /// Where SwiftPM writes its JSON (`swift test --show-codecov-path`): `<bin>/codecov/<Package>.json`.
    let exportPath: URL

    /// The JSON, exported into `scratch`, or why it cannot be.
    func export(into scratch: URL) -> Result<String, SwiftTestCoverage.CoverageNotFound> {
        let folder = exportPath.deletingLastPathComponent()
        let profiles =
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".profraw") }.sorted().map { folder.appendingPathComponent($0).path }
        guard !profiles.isEmpty else {
            return failure("\(folder.path) holds no coverage profile: did the tests run with --enable-code-coverage?")
        }
        let package = exportPath.deletingPathExtension().lastPathComponent
        let binary = folder.deletingLastPathComponent().appendingPathComponent("\(package)PackageTests.xctest")
        // On macOS the tests are a bundle with the executable inside.
        let executable =
            FileManager.default.fileExists(atPath: binary.appendingPathComponent("Contents/MacOS").path)
            ? binary.appendingPathComponent("Contents/MacOS/\(package)PackageTests") : binary
        let merged = scratch.appendingPathComponent("coverage.profdata")
        let json = scratch.appendingPathComponent("coverage.json")
        let merge = [Self.tool("llvm-profdata"), "merge", "-sparse"] + profiles + ["-o", merged.path]
        guard let (code, _) = try? ShardProcess.capture(merge), code == 0 else {
            return failure("`\(merge.prefix(3).joined(separator: " ")) ...` failed; no coverage was read")
        }
        let export = [
            Self.tool("llvm-cov"), "export", "-format=text", "-instr-profile=\(merged.path)", executable.path,
        ]
        guard let (exported, output) = try? ShardProcess.capture(export), exported == 0,
            (try? output.write(to: json)) != nil
        else {
            return failure("`\(export.joined(separator: " "))` failed; no coverage was read")
        }
        return .success(json.path)
    }

    private func failure(_ message: String) -> Result<String, SwiftTestCoverage.CoverageNotFound> {
        .failure(SwiftTestCoverage.CoverageNotFound(message: message))
    }

    /// The toolchain's own copy of an LLVM tool, beside the `swift` on the path (a system llvm-cov of another
    /// version may not read the profiles), else the tool's name for `env` to find.
    static func tool(_ name: String) -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let swift = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
            guard FileManager.default.isExecutableFile(atPath: swift.path) else { continue }
            let real = swift.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: real.path) { return real.path }
            break
        }
        return name
    }
}
