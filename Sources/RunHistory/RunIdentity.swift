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
        var bytes: [UInt8] = Array("resultbundle run identity 1".utf8)
        func field(_ text: String) {
            bytes.appendVarint(UInt64(text.utf8.count))
            bytes.append(contentsOf: text.utf8)
        }
        func fields(_ texts: [String]) {
            bytes.appendVarint(UInt64(texts.count))
            for text in texts { field(text) }
        }
        bytes.appendVarint(UInt64(runs.count))
        for run in runs {
            let record = run.record
            bytes.appendLittleEndian(record.start?.bitPattern ?? UInt64.max)
            bytes.appendLittleEndian(run.end?.end?.bitPattern ?? UInt64.max)
            field(record.producer)
            field(record.name ?? "")
            fields(record.command)
            fields(record.inputs)
            field(record.host.hostname ?? "")
        }
        bytes.appendVarint(UInt64(tests.tests.count))
        for test in tests.tests {
            field(test.key)
            field(test.status.rawValue)
            bytes.appendVarint(UInt64(max(0, test.attempts)))
            bytes.appendLittleEndian(test.duration?.bitPattern ?? UInt64.max)
        }
        return ContentHash.sha256Hex(Data(bytes))
    }
}
