import ResultSupport

extension MeasurementChart {
    /// How a legend entry's line or area is drawn.
    enum LegendMark {
        case line(color: String, dash: String?)
        case area(color: String)
    }

    /// One entry of a chart's legend: its mark and what it stands for (text escaped here).
    struct LegendEntry {
        var mark: LegendMark
        var text: String
        /// A class for the entry's text (`change` for the baseline's, which says how the average moved).
        var textClass: String?
    }

    /// The legend above the plot: each entry's mark and text, left to right, on as many rows as `width` needs,
    /// and the height those rows take. Text widths are estimated (6 px a character at 10 px), which is enough to
    /// keep ordinary entries inside the chart.
    static func legend(_ entries: [LegendEntry], width: Double) -> (svg: String, height: Double) {
        let rowHeight = 14.0
        let margin = 8.0
        var svg = "<g class=\"legend\" font-size=\"10\" fill=\"currentColor\">"
        var x = margin
        var row = 0
        for entry in entries {
            let entryWidth = 22 + Double(entry.text.count) * 6 + 14
            if x > margin, x + entryWidth > width - margin {
                row += 1
                x = margin
            }
            let middle = 4 + rowHeight * Double(row) + rowHeight / 2
            switch entry.mark {
            case .line(let color, let dash):
                svg += "<line x1=\"\(number(x))\" x2=\"\(number(x + 16))\" y1=\"\(number(middle))\" "
                svg += "y2=\"\(number(middle))\" stroke=\"\(color)\" stroke-width=\"1.5\""
                svg += (dash.map { " stroke-dasharray=\"\($0)\"" } ?? "") + "/>"
            case .area(let color):
                svg += "<rect x=\"\(number(x))\" y=\"\(number(middle - 4))\" width=\"16\" height=\"8\" "
                svg += "fill=\"\(color)\"/>"
            }
            let textClass = entry.textClass.map { " class=\"\($0)\"" } ?? ""
            svg += "<text\(textClass) x=\"\(number(x + 22))\" y=\"\(number(middle + 3.5))\">"
            svg += HTMLEscaping.escape(entry.text) + "</text>"
            x += entryWidth
        }
        return (svg + "</g>", 4 + rowHeight * Double(row + 1))
    }
}
