import Foundation
import ResultBundle
import ResultModel

/// Writes tests one at a time with `.everyTest`, printing `ended <id>` once each `addTest` returned, so a test
/// can kill the process at any moment and check that every announced test is in the file.
enum StressWriter {
    static func run(output: URL, count: Int) throws {
        let writer = try BundleWriter(creating: output, flushPolicy: .everyTest)
        let runIndex = try writer.beginRun(RunRecord(producer: "resultbundle-format-tool", source: "stress"))
        var generator = SystemRandomNumberGenerator()
        let scratch = output.deletingLastPathComponent().appendingPathComponent(
            output.lastPathComponent + ".attachment")
        defer { try? FileManager.default.removeItem(at: scratch) }
        for number in 0..<count {
            var attachments: [AttachmentRecord] = []
            if number % 3 == 0 {
                var words = [UInt64](repeating: 0, count: Int.random(in: 1...5_000, using: &generator))
                for index in words.indices { words[index] = generator.next() }
                let bytes = words.withUnsafeBytes { Data($0) }
                attachments.append(
                    AttachmentRecord(
                        name: "blob\(number)", mediaType: "application/octet-stream", kind: .data,
                        blob: try writer.storeBlob(bytes)))
            }
            if number % 5 == 0 {
                // A streamed blob: its frame header is written last, with pwrite.
                let text =
                    "test \(number)\n"
                    + String(
                        repeating: "a line of log output \(number % 97)\n",
                        count: Int.random(in: 1...200_000, using: &generator))
                try Data(text.utf8).write(to: scratch)
                attachments.append(
                    AttachmentRecord(
                        name: "log\(number).txt", mediaType: "text/plain", kind: .text,
                        blob: try writer.storeBlob(contentsOf: scratch)))
            }
            let test = TestRecord(
                runIndex: runIndex,
                identity: TestIdentity(module: "Stress", suites: ["Suite\(number / 10)"], name: "test\(number)"),
                attempts: [
                    TestAttempt(
                        status: number % 7 == 0 ? .failed : .passed, duration: Double(number) / 1000,
                        issues: number % 7 == 0 ? [IssueRecord(kind: .assertion, message: "failure \(number)")] : [],
                        attachments: attachments,
                        output: CapturedOutput(text: String(repeating: "output line\n", count: number % 5)))
                ])
            try writer.addTest(test)
            try FileHandle.standardOutput.write(contentsOf: Data("ended \(test.id)\n".utf8))
        }
        try writer.endRun(runIndex, RunEnd(exitCode: 0))
        try writer.close()
        try FileHandle.standardOutput.write(contentsOf: Data("closed\n".utf8))
    }
}
