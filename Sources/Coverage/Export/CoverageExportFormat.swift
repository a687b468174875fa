/// The formats a run's coverage is written in, for the tools that read each.
public enum CoverageExportFormat: String, Sendable, CaseIterable {
    /// Cobertura XML, valid against Cobertura's `coverage-04.dtd` (GitLab's `coverage_report`, Azure DevOps,
    /// Jenkins' Coverage plugin, pycobertura).
    case cobertura
    /// An lcov tracefile (`lcov --summary`, `genhtml`, Coveralls, Codecov).
    case lcov
    /// SonarQube's generic test coverage XML (`sonar.coverageReportPaths`).
    case sonarqube
    /// ResultBundle's own JSON, everything the model holds (docs/COVERAGE.md, "The JSON export").
    case json

    /// The file name an export is suggested to have.
    public var suggestedFileName: String {
        switch self {
        case .cobertura: "coverage.xml"
        case .lcov: "coverage.info"
        case .sonarqube: "sonar-coverage.xml"
        case .json: "coverage.json"
        }
    }

    /// Writes `run` in this format.
    func write(_ run: CoverageRun, options: CoverageExportOptions, into output: inout ExportBuffer) throws {
        switch self {
        case .cobertura: try CoberturaWriter(options: options).write(run, into: &output)
        case .lcov: try LcovWriter().write(run, into: &output)
        case .sonarqube: try SonarQubeWriter().write(run, into: &output)
        case .json: try CoverageJSONWriter(options: options).write(run, into: &output)
        }
    }
}
