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

    /// A result with only a name and a line (its other fields set one by one).
    init(testName: String, line: Int) {
        self.testName = testName
        self.line = line
    }

    /// Reads the attributes of a result element, in one pass over them (a result has a dozen, and a large file
    /// hundreds of thousands of results).
    init(reader: XMLStreamReader) {
        testName = "(unnamed test)"
        line = reader.nodeLine
        reader.forEachAttribute { name, value in
            func text() -> String { String(cString: value) }
            if XMLName.is(name, "testId") {
                testId = text()
            } else if XMLName.is(name, "testName") {
                testName = text()
            } else if XMLName.is(name, "outcome") {
                outcome = text()
            } else if XMLName.is(name, "startTime") {
                start = JUnitTimestamp.parse(text())
            } else if XMLName.is(name, "duration") {
                duration = TRXOutcome.duration(text())
            } else if XMLName.is(name, "relativeResultsDirectory") {
                resultsDirectory = text()
            } else if XMLName.is(name, "dataRowInfo") {
                dataRow = text()
            } else if XMLName.is(name, "resultType") {
                resultType = text()
            } else if XMLName.is(name, "executionId") {
                executionId = text()
            } else if XMLName.is(name, "parentExecutionId") {
                parentExecutionId = text()
            } else if XMLName.is(name, "computerName") {
                computerName = text()
            }
        }
    }
}

/// What `TestDefinitions` says of one test: its class and categories.
struct TRXDefinition {
    var className: String?
    var categories: [String] = []
}
