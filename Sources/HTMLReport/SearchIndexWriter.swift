/// Writes the search data the index page loads when someone types in its search box: `search/N.js` files that
/// each append one array of `[name, status, href]` entries to `window.ResultBundleSearch`. Script files (not
/// fetch) because browsers block fetch under `file://`. Strings are JSON-escaped, with `<` escaped too.
///
/// Entries are added as tests are read; each file is written as soon as it holds `chunkSize` tests.
struct SearchIndexWriter {
    let files: ReportFileWriter
    let chunkSize: Int
    private var script = OutputBuffer()
    private var entries = 0
    /// The number of files written so far.
    private(set) var chunkCount = 0

    init(files: ReportFileWriter, chunkSize: Int = 5000) {
        self.files = files
        self.chunkSize = max(1, chunkSize)
    }

    /// Adds `test`, writing the current file when it is full.
    mutating func add(_ test: TestSummary) throws {
        if entries == 0 {
            script.append("window.ResultBundleSearch=window.ResultBundleSearch||[];window.ResultBundleSearch.push([")
        } else {
            script.append(",")
        }
        script.append("[")
        script.appendJSONString(test.name)
        script.append(",")
        script.appendJSONString(test.status.rawValue)
        script.append(",\"")
        script.appendHref(test)
        script.append("\"]")
        entries += 1
        if entries == chunkSize { try flush() }
    }

    /// Writes the last, partly filled file; returns the number of files.
    mutating func finish() throws -> Int {
        if entries > 0 { try flush() }
        return chunkCount
    }

    private mutating func flush() throws {
        script.append("]);\n")
        chunkCount += 1
        try files.write(script, to: "search/\(chunkCount).js")
        script.removeAll()
        entries = 0
    }
}
