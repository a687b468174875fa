import ResultModel

/// One TRX result being read: the attributes of its element and what its children said.
struct TRXResult {
    var testId: String?
    var testName: String
    var outcome: String?
    var start: Double?
    var duration: Double?
    /// The folder of its result files, relative to the run's deployment folder's `In` folder.
    var resultsDirectory: String?
    /// The data row a data-driven test's inner result ran (`dataRowInfo`).
    var dataRow: String?
    /// `DataDrivenTest` for a data-driven test's own result, `DataDrivenDataRow` for one of its rows.
    var resultType: String?
    var executionId: String?
    var parentExecutionId: String?
    var computerName: String?
    var message: String?
    var stackTrace: String?
    var output = ""
    var files: [AttachmentReference] = []
    /// Whether it held `InnerResults` (a data-driven or ordered test): then its rows stand for it.
    var hasInnerResults = false
    /// The rows written for it (a parent whose `InnerResults` are empty is written itself).
    var rowsWritten = 0
    /// Where its start tag ended.
    var line: Int

    /// Reads the attributes of a result element.
    init(reader: XMLStreamReader) {
        testId = reader.attribute("testId")
        testName = reader.attribute("testName") ?? "(unnamed test)"
        outcome = reader.attribute("outcome")
        start = reader.attribute("startTime").flatMap(JUnitTimestamp.parse)
        duration = TRXOutcome.duration(reader.attribute("duration"))
        resultsDirectory = reader.attribute("relativeResultsDirectory")
        dataRow = reader.attribute("dataRowInfo")
        resultType = reader.attribute("resultType")
        executionId = reader.attribute("executionId")
        parentExecutionId = reader.attribute("parentExecutionId")
        computerName = reader.attribute("computerName")
        line = reader.nodeLine
    }
}

/// What `TestDefinitions` says of one test: its class and categories.
struct TRXDefinition {
    var className: String?
    var categories: [String] = []
}
