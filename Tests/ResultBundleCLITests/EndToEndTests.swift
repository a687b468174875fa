import Foundation
import Testing
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The built binary, run as a user would.
@Suite(.serialized) struct EndToEndTests {
    let calcLog = TestPaths.corpus.appendingPathComponent("swift-6.3-linux/calc.console.txt")

    @Test func importThenInfoCountsTheLog() throws {
        let directory = try TestPaths.makeTemporaryDirectory("e2e-import")
        let bundle = directory.appendingPathComponent("calc.resultbundle")
        let result = try CommandRunner.run(["import", calcLog.path, "-o", bundle.path])
        #expect(result.status == 0, "\(result.standardError)")
        let totals = try CommandRunner.totals(of: bundle)
        #expect(totals["tests"] as? Int == 10 && totals["failed"] as? Int == 3 && totals["skipped"] as? Int == 2)
        #expect(try CommandRunner.run(["verify", bundle.path]).status == 0)
    }

    @Test func jsonShowsEveryPerformanceValueAndTheLogLineOfItsTest() throws {
        let directory = try TestPaths.makeTemporaryDirectory("e2e-json")
        let bundle = directory.appendingPathComponent("calc.resultbundle")
        _ = try CommandRunner.run(["import", calcLog.path, "-o", bundle.path])
        let json = try CommandRunner.run(["json", bundle.path]).standardOutput
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let tests = try #require(object["tests"] as? [[String: Any]])
        let perf = try #require(tests.first { ($0["name"] as? String) == "testPerf" })
        let measurement = try #require((perf["measurements"] as? [[String: Any]])?.first)
        #expect(
            measurement["values"] as? [Double] == [
                0.000585, 0.000627, 0.000452, 0.000451, 0.000445, 0.000432, 0.000442, 0.000432, 0.000432, 0.000439,
            ])
        #expect(json.contains("some log line"))
    }

    @Test func recordReturnsTheCommandsExitCode() throws {
        let directory = try TestPaths.makeTemporaryDirectory("e2e-exit")
        let bundle = directory.appendingPathComponent("r.resultbundle")
        let result = try CommandRunner.run([
            "record", "-o", bundle.path, "--", "sh", "-c", "cat '\(calcLog.path)'; exit 3",
        ])
        #expect(result.status == 3)
        #expect(result.standardOutput.contains("Test Case 'CalcXCTests.testAdd' passed"))
        #expect(try CommandRunner.totals(of: bundle)["tests"] as? Int == 10)
    }

    @Test func aRecordKilledWithSIGKILLKeepsEveryFinishedTest() throws {
        let directory = try TestPaths.makeTemporaryDirectory("e2e-kill")
        let bundle = directory.appendingPathComponent("killed.resultbundle")
        let process = Process()
        process.executableURL = TestPaths.binary
        process.arguments = ["record", "-o", bundle.path, "--", "sh", "-c", "cat '\(calcLog.path)'; exec sleep 60"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        var tests = 0
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            if FileManager.default.fileExists(atPath: bundle.path) {
                tests = (try? CommandRunner.totals(of: bundle)["tests"] as? Int) ?? 0
                if tests == 10 { break }
            }
        }
        let orphans = try childProcesses(of: process.processIdentifier)
        kill(process.processIdentifier, SIGKILL)
        // Foundation learns of the exit through a descriptor the orphaned `sleep` inherited: end it first.
        for orphan in orphans { kill(orphan, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let totals = try CommandRunner.totals(of: bundle)
        #expect(totals["tests"] as? Int == 10 && totals["failed"] as? Int == 3)
        let verify = try CommandRunner.run(["verify", bundle.path])
        #expect(verify.status == 1 && verify.standardOutput.contains("no valid index"))
    }

    /// The processes whose parent is `parent`, from /proc (field 4 of `stat`, after the parenthesised name).
    private func childProcesses(of parent: Int32) throws -> [Int32] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap { entry -> Int32? in
            guard let pid = Int32(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let nameEnd = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == parent ? pid : nil
        }
    }

    @Test func aCutOrFlippedSampleFailsVerifyButItsCompleteTestsStillRead() throws {
        let sample = TestPaths.sampleBundles.appendingPathComponent("v1.0-mixed.resultbundle")
        let data = try Data(contentsOf: sample)
        let directory = try TestPaths.makeTemporaryDirectory("e2e-damage")
        let cut = directory.appendingPathComponent("cut.resultbundle")
        try data.prefix(data.count * 7 / 10).write(to: cut)
        #expect(try CommandRunner.run(["verify", cut.path]).status == 1)
        let totals = try CommandRunner.totals(of: cut)
        #expect((totals["tests"] as? Int ?? 0) > 0)
        var flipped = data
        flipped[data.count / 2] ^= 0xFF
        let flippedURL = directory.appendingPathComponent("flipped.resultbundle")
        try flipped.write(to: flippedURL)
        let verify = try CommandRunner.run(["verify", flippedURL.path])
        #expect(verify.status == 1 && verify.standardOutput.contains("byte"))
    }

    @Test func publishingCommandsWriteTheirOutputs() throws {
        let directory = try TestPaths.makeTemporaryDirectory("e2e-publish")
        let sample = TestPaths.sampleBundles.appendingPathComponent("v1.0-mixed.resultbundle").path
        #expect(
            try CommandRunner.run(["report", sample, "-o", directory.appendingPathComponent("site").path]).status == 0)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("site/index.html").path))
        #expect(
            try CommandRunner.run(["junit", sample, "-o", directory.appendingPathComponent("junit.xml").path]).status
                == 0)
        let summary = try CommandRunner.run(["summary", sample, "--max-bytes", "2000"])
        #expect(summary.status == 0 && summary.standardOutput.utf8.count <= 2000)
        let contents = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(contents == ["junit.xml", "site"])
    }

    @Test func aFailedImportLeavesTheExistingOutputUntouched() throws {
        let directory = try TestPaths.makeTemporaryDirectory("e2e-atomic")
        let bundle = directory.appendingPathComponent("keep.resultbundle")
        _ = try CommandRunner.run(["import", calcLog.path, "-o", bundle.path])
        let before = try Data(contentsOf: bundle)
        let notTests = directory.appendingPathComponent("notes.bin")
        try Data([0, 1, 2, 3]).write(to: notTests)
        let result = try CommandRunner.run(["import", notTests.path, "-o", bundle.path])
        #expect(result.status != 0 && result.standardError.contains("notes.bin"))
        #expect(try Data(contentsOf: bundle) == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
                "keep.resultbundle", "notes.bin",
            ])
    }

    @Test func helpShowsExamples() throws {
        for command in [
            "record", "import", "info", "verify", "merge", "json", "report", "junit", "summary", "snapshot",
            "annotate", "shard",
        ] {
            let help = try CommandRunner.run(["help", command])
            #expect(help.standardOutput.contains("Examples:"), "\(command)")
            #expect(
                help.standardOutput.contains("resultbundle \(command) "), "\(command) help has no example of itself")
        }
    }
}
