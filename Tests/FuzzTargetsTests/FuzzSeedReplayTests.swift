import Foundation
import FuzzTargets
import Testing
import _TestSupport

/// Replays every fuzz target's seeds and every input a finding left behind (`Fuzz/Regressions/<target>/`)
/// through the same targets libFuzzer runs, without sanitizers: a parser that crashes on one of them fails here.
@Suite struct FuzzSeedReplayTests {
    struct Input: CustomTestStringConvertible, Sendable {
        var target: FuzzTarget
        var file: URL
        var testDescription: String { "\(target.rawValue): \(file.lastPathComponent)" }
    }

    static let root = TestPaths.packageRoot

    /// `Fuzz/seeds.txt`: `target folder suffix` lines.
    static var seedLines: [(target: String, folder: String, suffix: String)] {
        let text = (try? String(contentsOf: root.appendingPathComponent("Fuzz/seeds.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ").map(String.init)
            guard !line.hasPrefix("#"), fields.count == 3 else { return nil }
            return (fields[0], fields[1], fields[2])
        }
    }

    static func files(under folder: URL, suffix: String) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        return walker.compactMap { $0 as? URL }
            .filter { $0.lastPathComponent.hasSuffix(suffix) && $0.hasDirectoryPath == false }
            .sorted { $0.path < $1.path }
    }

    static var regressions: [Input] {
        FuzzTarget.allCases.flatMap { target in
            files(under: root.appendingPathComponent("Fuzz/Regressions/\(target.rawValue)"), suffix: "")
                .map { Input(target: target, file: $0) }
        }
    }

    static var seeds: [Input] {
        seedLines.flatMap { line -> [Input] in
            guard let target = FuzzTarget(rawValue: line.target) else { return [] }
            return files(under: root.appendingPathComponent(line.folder), suffix: line.suffix)
                .map { Input(target: target, file: $0) }
        }
    }

    @Test func everyTargetHasSeedsAndEverySeedLineNamesATarget() {
        let named = Set(Self.seedLines.map(\.target))
        #expect(named == Set(FuzzTarget.allCases.map(\.rawValue)))
        for target in FuzzTarget.allCases {
            #expect(Self.seeds.contains { $0.target == target }, "no seed files for \(target.rawValue)")
        }
    }

    @Test(arguments: regressions)
    func aFindingStaysFixed(input: Input) throws {
        input.target.run(try [UInt8](Data(contentsOf: input.file)))
    }

    @Test func everySeedRunsThroughItsTarget() throws {
        for input in Self.seeds {
            // libFuzzer reads at most 64 KiB of an input (scripts/fuzz.sh): the seeds are replayed the same way.
            input.target.run(Array(try Data(contentsOf: input.file).prefix(65536)))
        }
    }
}
