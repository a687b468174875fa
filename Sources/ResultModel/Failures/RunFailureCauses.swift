/// A run's failures grouped by cause as its writer counted them (format 1.8: the index's run list holds it under
/// `causes`), so that an output listing causes (the Markdown summary's "Failure causes") need not read every failed
/// test. Bounded: a writer keeps at most ``FailureCauseTally/maxCauses`` causes over all runs and counts the
/// failures of any other cause in ``otherFailures``, so that the counts still add up to the run's failed tests.
public struct RunFailureCauses: Sendable, Equatable {
    /// The run's causes, in the order their first failure was written.
    public var causes: [StoredFailureCause]
    /// The run's failed tests whose cause is not in ``causes`` (the writer had kept its most causes already).
    public var otherFailures: Int

    /// Creates a run's causes.
    public init(causes: [StoredFailureCause] = [], otherFailures: Int = 0) {
        self.causes = causes
        self.otherFailures = otherFailures
    }
}

/// One cause of a run's failures, with what ``FailureClusters`` shows of it: the signature it is known by, how many
/// failed tests share it, its first failure's message and place, and the first distinct modules, suites and files.
public struct StoredFailureCause: Sendable, Equatable {
    /// ``FailureSignature/kind``.
    public var kind: String
    /// ``FailureSignature/text``.
    public var text: String
    /// How many of the run's failed tests share the cause.
    public var count: Int
    /// The first failure's message, first line, as written (``FailureClusters/Cluster/sampleMessage``).
    public var message: String
    /// Where the first failure points, when it says.
    public var location: SourceLocation?
    /// The number of failed tests written before the cause's first one, over the whole bundle: orders the causes
    /// of several runs as their failures were written.
    public var first: Int
    /// The same number for the cause's last failed test: two runs sharing a cause whose spans do not overlap can be
    /// joined in order without reading their tests.
    public var last: Int
    /// The first distinct modules, suites (joined by `/`) and files of its tests, at most
    /// ``FailureClusters/maxListed`` each.
    public var modules: [String]
    public var suites: [String]
    public var files: [String]

    /// Creates a stored cause.
    public init(
        kind: String, text: String, count: Int, message: String, location: SourceLocation?, first: Int, last: Int,
        modules: [String], suites: [String], files: [String]
    ) {
        self.kind = kind
        self.text = text
        self.count = count
        self.message = message
        self.location = location
        self.first = first
        self.last = last
        self.modules = modules
        self.suites = suites
        self.files = files
    }

    /// What the cause is known by.
    public var signature: FailureSignature { FailureSignature(kind: kind, text: text) }
}
