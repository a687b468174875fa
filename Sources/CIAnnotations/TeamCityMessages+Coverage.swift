extension TeamCityMessages {
    /// `##teamcity[message text='F:L-E: Title: message' status='WARNING']`, after the test tree: the range is not
    /// a test, so it is a build log warning rather than part of a suite.
    public mutating func add(_ warning: CoverageWarning) -> String {
        Self.message(
            "message", ["text": warning.place + ": " + warning.title + ": " + warning.message, "status": "WARNING"])
    }
}
