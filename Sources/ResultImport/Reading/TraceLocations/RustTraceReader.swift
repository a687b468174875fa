import ResultModel

/// Rust: `thread 'tests::adds' panicked at src/lib.rs:10:9:` (Rust 1.73 on) or
/// `panicked at 'assertion failed: …', src/lib.rs:10:9` (before); a `#[should_panic]` test that returned is
/// `note: test did not panic as expected at src/lib.rs:36:12`.
enum RustTraceReader: TraceLocationReader {
    /// `panicked at path.rs:N:M`, or `did not panic as expected at path.rs:N:M`.
    static let marks: [StaticString] = ["panicked at ", "panic as expected at "]

    static func location(in lines: [Substring], className: String?) -> SourceLocation? {
        for line in lines {
            guard let marker = line.range(of: "panicked at ") ?? line.range(of: "panic as expected at ") else {
                continue
            }
            let rest = line[marker.upperBound...]
            // The place is the last word of the line, with the colon or comma after it taken off.
            guard let word = rest.split(separator: " ").last else { continue }
            var place = word[...]
            while let last = place.last, last == ":" || last == "," { place = place.dropLast() }
            if place.hasPrefix("'") { continue }
            guard place.contains(".rs:"), let location = TraceLocation.splitFileLine(place) else { continue }
            return location
        }
        return nil
    }
}
