extension NumberText {
    /// `10,000`: a count with its thousands grouped by commas, the way the report, the summary and `compare` show
    /// every count people read (not in CSS classes, file names or JSON).
    package static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        guard digits.count > 3 else { return value < 0 ? "-" + digits : digits }
        var grouped = ""
        grouped.reserveCapacity(digits.count + digits.count / 3 + 1)
        for (position, digit) in digits.enumerated() {
            if position > 0, (digits.count - position) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }
}
