import ArgumentParser

/// `resultbundle coverage`: code coverage of a run, converted, exported and measured against a change.
struct CoverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Export code coverage, or measure the coverage of a change's lines.",
        discussion: """
            Coverage files of any format resultbundle reads (lcov, Cobertura, JaCoCo, llvm-cov, coverage.py, \
            Istanbul, Go, and its own JSON) are read and merged; see docs/COVERAGE.md.

            Examples:
              resultbundle coverage export coverage.info --format cobertura -o coverage.xml
              resultbundle coverage diff coverage.info --base origin/main
            """,
        subcommands: [CoverageExportCommand.self, CoverageDiffCommand.self]
    )
}
