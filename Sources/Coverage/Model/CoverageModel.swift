// The coverage model (`CoverageRun`, `SourceFileCoverage`, `CoverageTotals`, ...) lives in ResultModel, beside the
// other values of a run, so that the bundle's reader and writer can store it without depending on the readers of
// coverage formats. Re-exported here so that whoever imports Coverage sees the model with its readers.
@_exported import ResultModel
