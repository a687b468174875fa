import ResultModel

/// The performance measurements of one test case run (`PerformanceMetrics`): the metric's identifier, name and
/// unit, its values (`measurements`, comma-separated numbers), its polarity (`prefers smaller`, `prefers larger`),
/// its baseline (when `baselineName` is set or `baselineAverage` is not 0) and its limits, as the database has them.
struct XCResultMeasurements {
    let database: SQLiteDatabase

    /// The run's measurements, in the order the test made them.
    func measurements(runID: Int64) throws -> [MeasurementRecord] {
        guard database.hasTables("PerformanceMetrics") else { return [] }
        var records: [MeasurementRecord] = []
        try database.forEachRow(
            """
            SELECT identifier, displayName, unitOfMeasurement, measurements, polarity, baselineName, baselineAverage,
                   maxPercentRelativeStandardDeviation, maxStandardDeviation, maxPercentRegression, maxRegression
            FROM PerformanceMetrics WHERE testCaseRun_fk = ? ORDER BY orderInTestCase, rowid
            """, [runID]
        ) { row in
            let values = (row.text(3) ?? "").split(separator: ",").compactMap {
                Double(String($0).trimmingWhitespace())
            }
            let baselineName = row.text(5).flatMap { $0.isEmpty ? nil : $0 }
            let average = row.double(6)
            let identifier = row.text(0) ?? "metric"
            records.append(
                MeasurementRecord(
                    metricID: identifier, name: row.text(1) ?? identifier, unit: row.text(2) ?? "",
                    values: values,
                    polarity: row.text(4)?.lowercased().contains("larger") == true ? .largerIsBetter : .smallerIsBetter,
                    baselineAverage: baselineName != nil || (average ?? 0) != 0 ? average : nil,
                    baselineName: baselineName,
                    maxPercentRelativeStandardDeviation: row.double(7) ?? 10,
                    maxStandardDeviation: row.double(8) ?? 0.1,
                    maxPercentRegression: row.double(9) ?? 10, maxRegression: row.double(10) ?? 0.1))
        }
        return records
    }
}
