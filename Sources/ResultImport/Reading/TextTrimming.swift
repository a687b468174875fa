/// Trimming without Foundation's `trimmingCharacters(in:)`, which bridges every string through `NSString`
/// (costly on the per-test path of an import). Returns the string itself when there is nothing to trim.
extension String {
    /// Without leading and trailing white space and line breaks (Unicode's White_Space property).
    func trimmingWhitespace() -> String { trimming { $0.properties.isWhitespace } }

    /// Without leading and trailing line breaks.
    func trimmingLineBreaks() -> String {
        trimming { scalar in
            switch scalar.value {
            case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
            default: false
            }
        }
    }

    private func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return self }
        guard isTrimmed(first) || isTrimmed(last) else { return self }
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, isTrimmed(scalars[start]) { start = scalars.index(after: start) }
        while end > start, isTrimmed(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return String(scalars[start..<end])
    }
}
