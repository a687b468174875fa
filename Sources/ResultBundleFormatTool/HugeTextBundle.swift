import Foundation
import ResultBundle
import ResultModel

/// A bundle that is valid under the format's limits but as hostile as they allow: each test's name (even tests) or
/// failure message and details (odd tests) is just under the 64 MiB a record may hold. It compresses to a few hundred
/// kilobytes, so every output has to cap what it shows rather than what it reads (issue 25.8).
enum HugeTextBundle {
    /// Room left in a record batch for the rest of the test's line.
    static let textBytes = (64 << 20) - (64 << 10)

    static func write(output: URL, tests count: Int) throws {
        let writer = try BundleWriter(creating: output, flushPolicy: .batched)
        let runIndex = try writer.beginRun(RunRecord(name: "huge text", producer: "bench", source: "make-huge-text"))
        for number in 0..<count {
            let filler = "\(number)-" + String(repeating: "x", count: textBytes - 8)
            let test: TestRecord
            if number.isMultiple(of: 2) {
                test = TestRecord(
                    runIndex: runIndex,
                    identity: TestIdentity(module: "Huge", suites: ["Names"], name: filler),
                    attempts: [TestAttempt(status: .passed, duration: 0.01)])
            } else {
                let half = String(filler.prefix(textBytes / 2))
                test = TestRecord(
                    runIndex: runIndex,
                    identity: TestIdentity(module: "Huge", suites: ["Messages"], name: "test\(number)"),
                    attempts: [
                        TestAttempt(
                            status: .failed, duration: 0.01,
                            issues: [IssueRecord(kind: .assertion, message: half, details: half)])
                    ])
            }
            try writer.addTest(test)
            try writer.flush()
        }
        try writer.endRun(runIndex, RunEnd(exitCode: 1))
        try writer.close()
    }
}
