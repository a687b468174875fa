extension GitHubAnnotations {
    /// `::warning file=F,line=L,endLine=E,title=T::message`: GitHub marks the whole range in the pull request's
    /// diff. Coverage warnings are capped by ``UncoveredChangeAnnotations``, not by ``maxPerSeverity``.
    public mutating func add(_ warning: CoverageWarning) -> String {
        var properties = ["file=" + Self.escapeProperty(warning.file), "line=\(warning.lines.lowerBound)"]
        if warning.lines.count > 1 { properties.append("endLine=\(warning.lines.upperBound)") }
        properties.append("title=" + Self.escapeProperty(warning.title))
        return "::warning " + properties.joined(separator: ",") + "::" + Self.escapeData(warning.message) + "\n"
    }
}
