import ResultSupport

extension BaselineEntry {
    /// Throws a ``BaselineError`` naming `file`, the test and the field when the entry cannot judge anything: an
    /// average that is not a finite number (a `nan` baseline would pass every measurement), an allowance that is
    /// negative or not finite, or a recorded value that is not finite.
    public func validate(file: String) throws {
        func refuse(_ field: String, _ value: Double, _ rule: String) throws -> Never {
            throw BaselineError(
                .malformed,
                "the baseline of \(DisplayText.clean(String(test.prefix(200)))) has \(field) \(value); \(rule)",
                file: file)
        }
        guard average.isFinite else { try refuse("average", average, "it must be a finite number") }
        let allowances = [
            ("maxPercentRegression", maxPercentRegression), ("maxRegression", maxRegression),
            ("maxPercentRelativeStandardDeviation", maxPercentRelativeStandardDeviation),
        ]
        for case let (field, value?) in allowances where !(value.isFinite && value >= 0) {
            try refuse(field, value, "an allowance must be a finite number of at least 0")
        }
        if let value = values.first(where: { !$0.isFinite }) {
            try refuse("a value", value, "the values measured must be finite numbers")
        }
    }
}
