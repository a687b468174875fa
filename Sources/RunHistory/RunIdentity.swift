import ContentHashing
import Foundation
import ResultModel
import ResultSupport

/// What makes two additions the same run, so that `history add` of one bundle twice adds it once.
///
/// The digest covers, for each run record of the bundle, its start and end times, producer, name, command line,
/// input files and host name, and, for each test and case, its key, status, attempts and duration. Two bundles of
/// one run (the same bundle added twice, a copy, or the same log imported twice) have the same digest; two real
/// runs differ at least in their times, their inputs or their durations. What `history add` is told on its command
/// line (`--commit`, `--branch`) is not part of it: the same run under another commit is still the same run.
public enum RunIdentity {
    /// The identity digest (SHA-256, lowercase hexadecimal) of a bundle whose runs are `runs` and whose
    /// tests are `tests`.
    /// - Complexity: O(n) in the tests' keys.
    public static func digest(runs: [RunResult], tests: RunDigest) -> String {
        var bytes = start(runs: runs, testCount: tests.tests.count)
        for test in tests.tests { append(test, to: &bytes) }
        return ContentHash.sha256Hex(Data(bytes))
    }

    /// The bytes the digest starts with: the runs' fields and the number of tests that follow.
    static func start(runs: [RunResult], testCount: Int) -> [UInt8] {
        var bytes: [UInt8] = Array("resultbundle run identity 1".utf8)
        bytes.appendVarint(UInt64(runs.count))
        for run in runs {
            let record = run.record
            bytes.appendLittleEndian(record.start?.bitPattern ?? UInt64.max)
            bytes.appendLittleEndian(run.end?.end?.bitPattern ?? UInt64.max)
            bytes.appendField(record.producer)
            bytes.appendField(record.name ?? "")
            bytes.appendFields(record.command)
            bytes.appendFields(record.inputs)
            bytes.appendField(record.host.hostname ?? "")
        }
        bytes.appendVarint(UInt64(testCount))
        return bytes
    }

    /// Appends what the digest covers of one test or case: its key, status, attempts and duration.
    static func append(_ test: TestDigest, to bytes: inout [UInt8]) {
        bytes.appendField(test.key)
        bytes.appendField(test.status.rawValue)
        bytes.appendVarint(UInt64(max(0, test.attempts)))
        bytes.appendLittleEndian(test.duration?.bitPattern ?? UInt64.max)
    }
}

extension Array where Element == UInt8 {
    /// Appends `text` as its UTF-8 length (a varint) and its bytes.
    fileprivate mutating func appendField(_ text: String) {
        appendVarint(UInt64(text.utf8.count))
        append(contentsOf: text.utf8)
    }

    /// Appends how many `texts` there are, then each as a field.
    fileprivate mutating func appendFields(_ texts: [String]) {
        appendVarint(UInt64(texts.count))
        for text in texts { appendField(text) }
    }
}
