import Foundation
import ResultModel
import Testing

@testable import HTMLReport

@Suite struct MeasurementChartTests {
    private func texts(_ svg: String, class name: String) -> [String] {
        svg.components(separatedBy: "<text class=\"\(name)\"").dropFirst().map {
            let start = $0.range(of: ">")!.upperBound
            return String($0[start..<$0.range(of: "</text>")!.lowerBound])
        }
    }

    private let time = MeasurementRecord(
        metricID: "time", name: "Time", unit: "s", values: [0.21, 0.2, 0.23, 0.22, 0.2, 0.21, 0.24, 0.2, 0.22, 0.21],
        baselineAverage: 0.2)

    @Test func labelsTheAxesWithIterationAndTheUnit() {
        let svg = MeasurementChart.render(time)
        #expect(texts(svg, class: "axis-label") == ["s", "Iteration"])
        // x: every iteration of ten; y: round values covering the values, the baseline and the threshold.
        let ticks = texts(svg, class: "tick")
        #expect(ticks.suffix(10) == (1...10).map(String.init))
        let values = ticks.dropLast(10).compactMap(Double.init)
        #expect(values.count == ticks.count - 10 && values.count >= 3)
        #expect(values.first! <= 0.2 && values.last! >= 0.3)  // the baseline and the threshold (0.2 + 0.1)
        #expect(zip(values, values.dropFirst()).allSatisfy { $1 > $0 })
    }

    @Test func putsTheUnitOnEveryValueAndLine() {
        let svg = MeasurementChart.render(time)
        #expect(svg.contains("<title>Iteration 3: 0.23 s</title>"))
        #expect(svg.contains("<title>average 0.214 s</title>"))
        #expect(svg.contains("<title>baseline 0.2 s</title>"))
        #expect(svg.contains("<title>regression threshold 0.3 s</title>"))
        #expect(svg.contains("<title>±1 standard deviation: "))
        #expect(svg.contains("aria-label=\"Time (s): 10 values, average 0.214 s\""))
        #expect(svg.contains("<rect class=\"band\"") && svg.contains("<rect class=\"allowed\""))
    }

    @Test func namesEachLineInALegendWithItsValue() throws {
        let svg = MeasurementChart.render(time)
        let start = try #require(svg.range(of: "<g class=\"legend\""))
        let legend = svg[start.lowerBound...].components(separatedBy: "</g>")[0]
        let texts = legend.components(separatedBy: "<text").dropFirst().map {
            String($0[$0.range(of: ">")!.upperBound..<$0.range(of: "</text>")!.lowerBound])
        }
        #expect(
            texts == [
                "average 0.214 s", "±1 standard deviation", "baseline 0.2 s · average +7.0%", "threshold 0.3 s",
            ])
        #expect(legend.contains("<text class=\"change\""))
        // Without a baseline: the average and the band only.
        let plain = MeasurementChart.render(MeasurementRecord(metricID: "m", name: "M", unit: "s", values: [1, 2]))
        #expect(!plain.contains("baseline") && !plain.contains("threshold"))
    }

    @Test func wrapsALongLegendOntoMoreRowsAndMakesTheChartTaller() {
        let short = MeasurementChart.render(time)
        var long = time
        long.unit = String(repeating: "kilobytes per second ", count: 3)
        let tall = MeasurementChart.render(long)
        func height(_ svg: String) -> Int? {
            Int(svg.components(separatedBy: "viewBox=\"0 0 520 ")[1].prefix { $0.isNumber })
        }
        #expect((height(tall) ?? 0) > (height(short) ?? .max))
    }

    @Test func escapesTheNameAndUnit() {
        let hostile = MeasurementRecord(
            metricID: "m", name: "<script>x</script>", unit: "\" onload=\"x", values: [1, 2, 3])
        let svg = MeasurementChart.render(hostile)
        #expect(!svg.contains("<script>"))
        #expect(!svg.contains("\" onload=\""))
        #expect(svg.contains("&quot; onload=&quot;x</text>"))
    }

    @Test func labelsEveryKthIterationOfALongSeries() {
        #expect(ChartTicks.iterations(count: 7) == [1, 2, 3, 4, 5, 6, 7])
        #expect(ChartTicks.iterations(count: 100) == [1] + stride(from: 10, through: 100, by: 10))
        #expect(ChartTicks.iterations(count: 35) == [1, 5, 10, 15, 20, 25, 30, 35])
        #expect(ChartTicks.iterations(count: 0).isEmpty)
    }

    @Test func picksRoundTickValues() {
        let labels = ChartTicks.values(from: 0.13, to: 0.31).map { ChartTicks.label($0, step: 0.05) }
        #expect(labels == ["0.10", "0.15", "0.20", "0.25", "0.30", "0.35"])
        let large = ChartTicks.values(from: 10_240, to: 10_500).map { ChartTicks.label($0, step: 100) }
        #expect(large == ["10200", "10300", "10400", "10500"])
        #expect(ChartTicks.label(-0.0001, step: 0.05) == "0.00" && ChartTicks.label(3e9, step: 1e9) == "3e+09")
        #expect(ChartTicks.values(from: 0, to: 10) == [0, 5, 10])
        #expect(ChartTicks.roundStep(0.7) == 1 && ChartTicks.roundStep(3) == 5 && ChartTicks.roundStep(0.013) == 0.02)
        #expect(ChartTicks.label(0.30000000000000004) == "0.3" && ChartTicks.label(-0.0) == "0")
        #expect(ChartTicks.values(from: 1, to: .infinity) == [1])
        // Values far from zero with a tiny spread: a step smaller than the values' precision ends, with the bounds.
        #expect(ChartTicks.values(from: 1e18, to: 1e18 + 256) == [1e18, 1e18 + 256])
        let far = MeasurementRecord(metricID: "m", name: "M", unit: "B", values: [1e18, 1e18 + 256, 1e18 + 128])
        #expect(MeasurementChart.render(far).contains("Iteration 2: "))
    }

    @Test func drawsASingleValueAndAllEqualValues() {
        let one = MeasurementChart.render(MeasurementRecord(metricID: "m", name: "M", unit: "ms", values: [5]))
        #expect(texts(one, class: "tick").last == "1")
        let equal = MeasurementChart.render(MeasurementRecord(metricID: "m", name: "M", unit: "", values: [0, 0]))
        #expect(texts(equal, class: "axis-label") == ["value", "Iteration"])
        #expect(!equal.contains("nan") && !equal.contains("inf"))
    }
}
