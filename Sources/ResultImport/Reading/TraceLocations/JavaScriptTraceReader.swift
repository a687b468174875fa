import ResultModel

/// JavaScript and TypeScript (V8's traces: Node, jest, mocha, vitest, WebdriverIO):
/// `at Object.<anonymous> (src/sum.test.js:5:17)` or `at src/sum.test.js:5:17`. The innermost frame outside
/// `node_modules` and Node's own code.
enum JavaScriptTraceReader: TraceLocationReader {
    /// Every frame starts `at `.
    static let marks: [StaticString] = ["at "]

    static func location(in lines: [Substring], className: String?) -> SourceLocation? {
        for line in lines {
            let trimmed = line.trimmingBlanks
            guard trimmed.hasPrefix("at ") else { continue }
            var place = trimmed.dropFirst(3)
            if place.last == ")", let open = place.lastIndex(of: "(") {
                place = place[place.index(after: open)..<place.index(before: place.endIndex)]
            }
            if place.hasPrefix("file://") { place = place.dropFirst(7) }
            guard !place.contains("node_modules/"), !place.hasPrefix("node:"), !place.hasPrefix("internal/"),
                !place.contains(" "), let location = TraceLocation.splitFileLine(place), location.column != nil
            else { continue }
            return location
        }
        return nil
    }
}
