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
        for number in 0..<count {
            var attachments: [AttachmentRecord] = []
            if number % 3 == 0 {
                let size = Int.random(in: 1...40_000, using: &generator)
                let bytes = Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) })
                attachments.append(AttachmentRecord(
                    name: "blob\(number)", mediaType: "application/octet-stream", kind: .data,
                    blob: try writer.storeBlob(bytes)))
            }
            let test = TestRecord(
                runIndex: runIndex, identity: TestIdentity(module: "Stress", suites: ["Suite\(number / 10)"], name: "test\(number)"),
                attempts: [TestAttempt(
                    status: number % 7 == 0 ? .failed : .passed, duration: Double(number) / 1000,
                    issues: number % 7 == 0 ? [IssueRecord(kind: .assertion, message: "failure \(number)")] : [],
                    attachments: attachments, output: CapturedOutput(text: String(repeating: "output line\n", count: number % 5)))])
            try writer.addTest(test)
            FileHandle.standardOutput.write(Data("ended \(test.id)\n".utf8))
        }
        try writer.endRun(runIndex, RunEnd(exitCode: 0))
        try writer.close()
        FileHandle.standardOutput.write(Data("closed\n".utf8))
    }
}
