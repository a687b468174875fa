extension AzureAnnotations {
    /// `##vso[task.logissue type=warning;sourcepath=F;linenumber=L;]Title: message`: Azure Pipelines takes one
    /// line, so the range's first is given and the message names them all.
    public mutating func add(_ warning: CoverageWarning) -> String {
        "##vso[task.logissue type=warning;sourcepath=" + Self.escapeProperty(warning.file)
            + ";linenumber=\(warning.lines.lowerBound);]" + Self.escapeData(warning.title + ": " + warning.message)
            + "\n"
    }
}
