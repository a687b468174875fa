/// The members of a test2json event line that the reader uses.
enum GoTestKey: String, CaseIterable {
    case action = "Action", package = "Package", test = "Test", time = "Time", output = "Output"
    case elapsed = "Elapsed", importPath = "ImportPath", failedBuild = "FailedBuild"
}

/// One test2json event line, read for the members ``GoTestKey`` names.
typealias GoTestEvent = JSONLineMembers<GoTestKey>
