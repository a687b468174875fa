extension TestStatus {
    /// The status in plain English, as people read it in every output: `timed out`, `expected failure` (the raw
    /// value, `timedOut`, stays in CSS classes, filters and JSON).
    public var words: String {
        switch self {
        case .timedOut: "timed out"
        case .expectedFailure: "expected failure"
        default: rawValue
        }
    }
}
