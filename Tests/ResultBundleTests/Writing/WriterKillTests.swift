import Foundation
import ResultBundle
import ResultModel
import Testing
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A real writer process killed with SIGKILL at random moments: every test it announced as ended must be in the
/// file, and the file must open with only a torn tail (or a missing index) reported.
@Suite struct WriterKillTests {
    /// Number of kills; `RESULTBUNDLE_KILL_TRIALS` overrides the default of 20.
    static var trials: Int {
        Int(ProcessInfo.processInfo.environment["RESULTBUNDLE_KILL_TRIALS"] ?? "") ?? 20
    }

    /// The format tool built beside the tests (`RESULTBUNDLE_FORMAT_TOOL` overrides): next to the test binary
    /// (debug or release), else in `.build/debug`.
    static var tool: URL {
        if let path = ProcessInfo.processInfo.environment["RESULTBUNDLE_FORMAT_TOOL"] {
            return URL(fileURLWithPath: path)
        }
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let candidates = [
            testBinary.deletingLastPathComponent().appendingPathComponent("resultbundle-format-tool"),
            TestPaths.packageRoot.appendingPathComponent(".build/debug/resultbundle-format-tool"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[1]
    }

    @Test(.timeLimit(.minutes(3)))
    func aWriterKilledAtAnyMomentLeavesABundleHoldingEveryEndedTest() throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.tool.path), "build the package first: swift build")
        let folder = try TestPaths.makeTemporaryDirectory("kill")
        var killsMidWrite = 0
        for trial in 0..<Self.trials {
            let url = folder.appendingPathComponent("trial-\(trial).resultbundle")
            let process = Process()
            process.executableURL = Self.tool
            process.arguments = ["stress-write", url.path, "100000"]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            usleep(UInt32.random(in: 20_000...600_000))
            kill(process.processIdentifier, SIGKILL)
            let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let ended = printed.split(separator: "\n").filter { $0.hasPrefix("ended ") }.map { String($0.dropFirst(6)) }

            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            guard size >= 16 else {
                #expect(ended.isEmpty, "trial \(trial): tests announced but the file has \(size) bytes")
                continue
            }
            let reader = try BundleReader(url: url)
            var found = Set<String>()
            try reader.forEachTest { found.insert($0.id) }
            let lost = ended.filter { !found.contains($0) }
            #expect(lost.isEmpty, "trial \(trial): \(lost.count) ended tests missing, first \(lost.first ?? "")")
            if let last = ended.last {
                #expect(try reader.test(id: last)?.id == last)
            }
            let report = try reader.verify()
            #expect(
                report.problems.allSatisfy { $0.kind == .tornTail || $0.kind == .missingIndex },
                "trial \(trial): \(report.problems)")
            if !printed.contains("closed") {
                #expect(!report.problems.isEmpty, "trial \(trial): an unclosed bundle must report its missing index")
            }
            if report.problems.contains(where: { $0.kind == .tornTail }) { killsMidWrite += 1 }
            try? FileManager.default.removeItem(at: url)
        }
        // Most kills land while a frame is being written; the assertion above covers every trial.
        print("kill test: \(Self.trials) trials, \(killsMidWrite) killed in the middle of a frame")
    }
}
