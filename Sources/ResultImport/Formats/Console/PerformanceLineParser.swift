import ResultModel

/// Parses the measurement part of an XCTest `measured` line, for any metric:
/// `[Time, seconds] average: 0.000, relative standard deviation: 14.967%, values: [0.000585, ...],
/// performanceMetricID:org.swift.XCTPerformanceMetric_WallClockTime, maxPercentRelativeStandardDeviation:
/// 10.000%, maxStandardDeviation: 0.100` (Linux), plus Xcode's `baselineName`, `baselineAverage`, `polarity`,
/// `maxPercentRegression` and `maxRegression` fields.
///
/// Values are parsed from their printed text, so they round-trip exactly as printed.
enum PerformanceLineParser {
    /// The measurement, or `nil` when the text has no `[name, unit]` and `values: [...]`.
    static func parse(_ details: String) -> MeasurementRecord? {
        guard details.hasPrefix("["), let close = details.firstIndex(of: "]") else { return nil }
        let label = details[details.index(after: details.startIndex)..<close]
        let labelParts = label.split(separator: ",", maxSplits: 1)
        let name = labelParts.first.map { $0.trimmingSpaces } ?? "Metric"
        let unit = labelParts.count > 1 ? labelParts[1].trimmingSpaces : ""
        let rest = details[details.index(after: close)...]
        guard let valuesStart = rest.range(of: "values: [") else { return nil }
        guard let valuesEnd = rest[valuesStart.upperBound...].firstIndex(of: "]") else { return nil }
        let values = rest[valuesStart.upperBound..<valuesEnd].split(separator: ",").compactMap {
            Double($0.trimmingSpaces)
        }
        var fields: [String: String] = [:]
        let head = rest[..<valuesStart.lowerBound]
        let tail = rest[rest.index(after: valuesEnd)...]
        for part in (head.split(separator: ",") + tail.split(separator: ",")) {
            guard let colon = part.firstIndex(of: ":") else { continue }
            let key = part[..<colon].trimmingSpaces
            let value = part[part.index(after: colon)...].trimmingSpaces
            fields[key] = value
        }
        var measurement = MeasurementRecord(
            metricID: fields["performanceMetricID"] ?? "unknown",
            name: name,
            unit: unit,
            values: values
        )
        if let value = percent(fields["maxPercentRelativeStandardDeviation"]) {
            measurement.maxPercentRelativeStandardDeviation = value
        }
        if let value = fields["maxStandardDeviation"].flatMap(Double.init) {
            measurement.maxStandardDeviation = value
        }
        if let value = percent(fields["maxPercentRegression"]) { measurement.maxPercentRegression = value }
        if let value = fields["maxRegression"].flatMap(Double.init) { measurement.maxRegression = value }
        if let value = fields["baselineAverage"].flatMap(Double.init) { measurement.baselineAverage = value }
        if let baselineName = fields["baselineName"]?.trimmingCharacters(in: "\""), !baselineName.isEmpty {
            measurement.baselineName = baselineName
        }
        if let polarity = fields["polarity"], polarity.contains("larger") || polarity.contains("bigger") {
            measurement.polarity = .largerIsBetter
        }
        return measurement
    }

    private static func percent(_ text: String?) -> Double? {
        guard var text else { return nil }
        if text.hasSuffix("%") { text.removeLast() }
        return Double(text)
    }
}

extension Substring {
    /// The text without leading and trailing spaces.
    var trimmingSpaces: String {
        var slice = self[...]
        while slice.first == " " { slice = slice.dropFirst() }
        while slice.last == " " { slice = slice.dropLast() }
        return String(slice)
    }
}

extension String {
    /// The text without leading and trailing occurrences of `character`.
    func trimmingCharacters(in character: Character) -> String {
        var slice = self[...]
        while slice.first == character { slice = slice.dropFirst() }
        while slice.last == character { slice = slice.dropLast() }
        return String(slice)
    }
}
