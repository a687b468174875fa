import Foundation

/// The durations `xcresulttool` writes: a number of seconds (`durationInSeconds`, Xcode 26) or text such as
/// `0s`, `6s`, `1.5s`, `120ms`, `1m 5s` or `2h 1m` (`duration`), with the decimal comma of the Mac's locale
/// (`0,0021s`) where it has one.
enum XcodeDuration {
    /// The node's duration in seconds, when it has one that reads.
    static func seconds(_ node: JSONValue) -> Double? {
        if let value = node["durationInSeconds"]?.double, value.isFinite, value >= 0 { return value }
        guard let text = node["duration"]?.string else { return nil }
        return parse(text)
    }

    /// The seconds `text` stands for, or `nil` when it is not a duration.
    static func parse(_ text: String) -> Double? {
        var total = 0.0
        var sawPart = false
        for part in text.split(separator: " ") {
            let number = part.prefix { $0.isNumber || $0 == "." || $0 == "," }
            let unit = part.dropFirst(number.count)
            guard let value = Double(number.replacingOccurrences(of: ",", with: ".")), value.isFinite else {
                return nil
            }
            switch unit {
            case "ms": total += value / 1000
            case "s", "sec": total += value
            case "m", "min": total += value * 60
            case "h": total += value * 3600
            default: return nil
            }
            sawPart = true
        }
        return sawPart ? total : nil
    }
}
