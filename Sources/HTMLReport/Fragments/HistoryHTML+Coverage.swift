import ResultModel
import ResultSupport

extension HistoryHTML {
    /// The kinds of coverage the chart draws: the share of each found that ran, all on one percent axis.
    /// (Computed: key paths are not `Sendable`, so a stored constant of them would not be either.)
    private static var coverageSeries:
        [(
            className: String, color: String, legend: String, found: KeyPath<CoverageTotals, Int>,
            hit: KeyPath<CoverageTotals, Int>
        )]
    {
        [
            ("cov-lines", "#2e8b57", "lines covered", \.linesFound, \.linesHit),
            ("cov-functions", "#7d3c98", "functions covered", \.functionsFound, \.functionsHit),
            ("cov-branches", "#b9770e", "branches covered", \.branchesFound, \.branchesHit),
        ]
    }

    /// Code coverage per run (lines, and functions and branches when the runs have them), one share per line on a
    /// 0 to 100% axis, each point titled with its numbers; nothing when no run kept coverage. Runs without
    /// coverage leave a gap in the lines rather than a fall to zero.
    static func coverageChart(_ runs: [ReportHistory.RunPoint]) -> String {
        guard runs.contains(where: { $0.coverage != nil }) else { return "" }
        let series = coverageSeries.filter { kind in runs.contains { ($0.coverage?[keyPath: kind.found] ?? 0) > 0 } }
        let plot = width - left - right
        let step = runs.count > 1 ? plot / Double(runs.count - 1) : 0
        func x(_ index: Int) -> Double { left + Double(index) * step }
        func y(_ share: Double) -> Double { top + (height - bottom - top) * (1 - share) }
        var svg = "<figure class=\"trend-chart\">"
        svg += "<svg class=\"trend\" role=\"img\" aria-labelledby=\"trend-coverage-title\" "
        svg += "viewBox=\"0 0 \(Int(width)) \(Int(height))\">"
        svg += "<title id=\"trend-coverage-title\">Code coverage per run, 0 to 100%</title>"
        svg += axis(top: "100%", runs: runs, xOf: x)
        for kind in series {
            var segments: [[String]] = [[]]
            var marks = ""
            for (index, run) in runs.enumerated() {
                guard let totals = run.coverage, totals[keyPath: kind.found] > 0 else {
                    if !(segments.last?.isEmpty ?? true) { segments.append([]) }
                    continue
                }
                let found = totals[keyPath: kind.found]
                let hit = totals[keyPath: kind.hit]
                let point = "\(number(x(index))),\(number(y(Double(hit) / Double(found))))"
                segments[segments.count - 1].append(point)
                let xy = point.split(separator: ",")
                marks += "<circle class=\"\(kind.className)\" cx=\"\(xy[0])\" cy=\"\(xy[1])\" r=\"3\" "
                marks += "fill=\"\(kind.color)\"><title>" + HTMLEscaping.escape(run.name) + ": \(kind.legend) "
                marks += "\(OverviewCharts.percent(hit, of: found)) (\(NumberText.count(hit)) of "
                marks += "\(NumberText.count(found)))</title></circle>"
            }
            for points in segments where points.count > 1 {
                svg += "<polyline class=\"\(kind.className)\" fill=\"none\" stroke=\"\(kind.color)\" "
                svg += "stroke-width=\"2\" points=\"\(points.joined(separator: " "))\"/>"
            }
            svg += marks
        }
        svg += "</svg>"
        svg += legend(series.map { ($0.className, $0.color, $0.legend) })
        return svg + "</figure>"
    }
}
