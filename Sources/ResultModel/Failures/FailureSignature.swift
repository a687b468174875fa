/// What a failure's cause is known by across tests and runs: the kind of its first failing issue (with the producer's
/// failure type, such as `java.lang.AssertionError`, when there is one) and its normalised message
/// (``FailureMessageNormalizer``). The file is not part of it: one assertion message failing in many files is one
/// cause to look at, and the cluster lists the files it spans.
public struct FailureSignature: Hashable, Sendable {
    /// The issue kind, and the producer's type after a space when known (`assertion java.lang.AssertionError`).
    public let kind: String
    /// The normalised first line of the message.
    public let text: String

    /// Creates a signature.
    public init(kind: String, text: String) {
        self.kind = kind
        self.text = text
    }

    /// The signature of the first failing issue of `test`'s final attempt (or its cases'), or, for a failed test
    /// without an issue, of its status; `nil` for a test that did not fail.
    public init?(of test: TestRecord) {
        guard test.status.isFailure else { return nil }
        guard let issue = test.distinctIssues.first(where: { $0.kind.isFailure }) else {
            self.init(kind: test.status.rawValue, text: "\(test.status.rawValue) without a message")
            return
        }
        self.init(issue)
    }

    /// The signature of one issue.
    public init(_ issue: IssueRecord) {
        let type = issue.type.map { " \($0)" } ?? ""
        self.init(kind: issue.kind.rawValue + type, text: FailureMessageNormalizer.normalize(issue.message))
    }

    /// A short id that stays the same across runs and machines (``StableHash`` of kind and text), for links and for
    /// a history to say when a cause was first seen.
    public var id: String {
        var hash = StableHash()
        hash.add(kind)
        hash.add(0)
        hash.add(text)
        return String(hash.value, radix: 16)
    }
}
