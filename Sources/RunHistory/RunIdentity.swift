import Foundation
import ResultModel
import ResultSupport
import RunComparison

/// What makes two additions the same run, so that `history add` of one bundle twice adds it once.
///
/// The digest covers, for each run record of the bundle, its start time, producer and name, and, for each test
/// and case, its key, status, attempts and duration. Two bundles of one run (the same bundle added twice, or a
/// copy) have the same digest; two real runs differ at least in their start time or their durations. What
/// `history add` is told on its command line (`--commit`, `--branch`) is not part of it: the same run under
/// another commit is still the same run.
public enum RunIdentity {
    /// A run record's part of the identity.
    public struct Record: Sendable {
        public var start: Double?
        public var producer: String
        public var name: String?

        public init(start: Double?, producer: String, name: String?) {
            self.start = start
            self.producer = producer
            self.name = name
        }
    }

    /// The identity digest (SHA-256, lowercase hexadecimal) of a bundle whose run records are `records` and whose
    /// tests are `tests`.
    /// - Complexity: O(n) in the tests' keys.
    public static func digest(records: [Record], tests: RunDigest) -> String {
        var bytes: [UInt8] = Array("resultbundle run identity 1".utf8)
        func field(_ text: String) {
            bytes.appendVarint(UInt64(text.utf8.count))
            bytes.append(contentsOf: text.utf8)
        }
        bytes.appendVarint(UInt64(records.count))
        for record in records {
            bytes.appendLittleEndian(record.start?.bitPattern ?? UInt64.max)
            field(record.producer)
            field(record.name ?? "")
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
