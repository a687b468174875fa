import ResultModel

/// What the exporter reads of a test's final attempt, read in place: ``TestRecord/finalAttempt`` and
/// ``TestRecord/duration`` copy the whole attempt (a dozen reference-counted fields) on every call, which shows
/// when 100,000 tests are written.
extension TestRecord {
    /// ``TestRecord/duration``, copying nothing when the final attempt has a duration (the usual case).
    var durationInPlace: Double? {
        if let last = attempts.indices.last, let duration = attempts[last].duration { return duration }
        return duration
    }

    /// When the final attempt started.
    var finalStart: Double? {
        guard let last = attempts.indices.last else { return nil }
        return attempts[last].start
    }

    /// Whether the final attempt has output, steps, measurements or attachments of its own.
    var finalAttemptHasDetails: Bool {
        guard let last = attempts.indices.last else { return false }
        return attempts[last].output != nil || !attempts[last].activities.isEmpty
            || !attempts[last].measurements.isEmpty || !attempts[last].attachments.isEmpty
    }
}
