import ResultModel

/// What one test case run of an `.xcresult` database recorded: its issues (`TestIssues`, placed through
/// `SourceCodeContexts` and `SourceCodeLocations`), its expected failures (`ExpectedFailures`), its skip notice
/// (`SkipNotices`), its activities (`Activities`, nested by `parent_fk`), its arguments (`Arguments` and
/// `TestValues`), and xcresulttool's verdict per destination and configuration.
struct XCResultRunDetails {
    let database: SQLiteDatabase

    init(_ database: SQLiteDatabase) { self.database = database }

    /// The attempt of one run.
    func attempt(runID: Int64, result: String?, duration: Double?, start: Double?, skipNotice: Int64?) throws
        -> TestAttempt
    {
        let status = XcodeTestOutcome.status(result)
        var issues: [IssueRecord] = []
        var expected: Set<Int64> = []
        if database.hasTables("ExpectedFailures") {
            try database.forEachRow(
                "SELECT failureReason, issue_fk FROM ExpectedFailures WHERE testCaseRun_fk = ? ORDER BY orderInOwner",
                [runID]
            ) { row in
                var known =
                    row.int(1).flatMap { try? issue($0, expected: true) }
                    ?? IssueRecord(kind: .knownIssue, message: "expected failure")
                if let reason = row.text(0), !reason.isEmpty { known.message = reason + ": " + known.message }
                if let id = row.int(1) { expected.insert(id) }
                issues.append(known)
            }
        }
        if database.hasTables("TestIssues") {
            try database.forEachRow(
                "SELECT rowid FROM TestIssues WHERE testCaseRun_fk = ? ORDER BY orderInOwner, rowid", [runID]
            ) { row in
                guard let id = row.int(0), !expected.contains(id) else { return }
                issues.append(try issue(id, expected: false))
            }
        }
        var reason: String?
        if let skipNotice, database.hasTables("SkipNotices") {
            try database.forEachRow(
                "SELECT message, fileName, lineNumber FROM SkipNotices WHERE rowid = ?", [skipNotice]
            ) { row in
                reason = row.text(0)
                let location = row.text(1).map { SourceLocation(file: $0, line: Int(row.int(2) ?? 0)) }
                issues.append(IssueRecord(kind: .skip, message: reason ?? "skipped", location: location))
            }
        }
        return TestAttempt(
            status: status, statusReason: status == .skipped ? reason : nil, start: start, duration: duration,
            issues: issues, activities: try activities(runID: runID),
            measurements: try XCResultMeasurements(database: database).measurements(runID: runID))
    }

    /// One issue: its compact description as the message, the detailed one as details, its source location.
    func issue(_ id: Int64, expected: Bool) throws -> IssueRecord {
        var record = IssueRecord(kind: expected ? .knownIssue : .assertion, message: "issue")
        guard
            database.hasTables(
                "TestIssues", "SourceCodeContexts", "SourceCodeLocations", "SourceCodeFrames", "SourceCodeSymbolInfos")
        else { return record }
        try database.forEachRow(
            """
            SELECT i.issueType, i.compactDescription, i.detailedDescription, i.sanitizedDescription,
                   COALESCE(direct.filePath, framed.filePath), COALESCE(direct.lineNumber, framed.lineNumber)
            FROM TestIssues AS i
            LEFT JOIN SourceCodeContexts AS c ON c.rowid = i.sourceCodeContext_fk
            LEFT JOIN SourceCodeLocations AS direct ON direct.rowid = c.location_fk
            LEFT JOIN SourceCodeLocations AS framed ON framed.rowid = (
                SELECT s.location_fk FROM SourceCodeFrames AS f
                JOIN SourceCodeSymbolInfos AS s ON s.rowid = f.symbolInfo_fk
                JOIN SourceCodeLocations AS l ON l.rowid = s.location_fk
                WHERE f.context_fk = c.rowid AND l.lineNumber > 0 ORDER BY f.orderInContainer LIMIT 1)
            WHERE i.rowid = ?
            """, [id]
        ) { row in
            let compact = row.text(1).flatMap { $0.isEmpty ? nil : $0 }
            let detailed = row.text(2).flatMap { $0.isEmpty ? nil : $0 }
            let message = compact ?? row.text(3) ?? detailed ?? row.text(0) ?? "issue"
            let location = row.text(4).map { SourceLocation(file: $0, line: Int(row.int(5) ?? 0)) }
            record = IssueRecord(
                kind: expected ? .knownIssue : Self.kind(row.text(0)), message: message, location: location,
                details: detailed == message ? nil : detailed, type: row.text(0))
        }
        return record
    }

    /// The kind of an `issueType` (`Assertion Failure`, `Thrown Error`, `Uncaught Exception`, `Test Timeout`,
    /// `Performance Regression`, `System Failure`, `Runtime Warning`).
    static func kind(_ issueType: String?) -> IssueRecord.Kind {
        let type = issueType?.lowercased() ?? ""
        if type.contains("warning") { return .warning }
        if type.contains("error") || type.contains("exception") { return .thrownError }
        if type.contains("timeout") || type.contains("time limit") { return .timeout }
        if type.contains("performance") { return .performanceRegression }
        if type.contains("crash") || type.contains("system") { return .crash }
        return .assertion
    }

    /// The run's arguments as `label: value, ...`, or `nil` when it ran without any.
    func arguments(runID: Int64) throws -> String? {
        var parts: [String] = []
        guard database.hasTables("Arguments", "TestValues", "Parameters") else { return nil }
        try database.forEachRow(
            """
            SELECT COALESCE(p.label, p.name), v.description FROM Arguments AS a
            JOIN TestValues AS v ON v.rowid = a.testValue_fk
            LEFT JOIN Parameters AS p ON p.rowid = a.parameter_fk
            WHERE a.testCaseRun_fk = ? ORDER BY a.orderInTestCaseRun
            """, [runID]
        ) { row in
            let value = row.text(1) ?? ""
            parts.append(row.text(0).map { "\($0): \(value)" } ?? value)
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// xcresulttool's own result for the test case in that destination and configuration, when it stored one.
    func verdict(testCase: Int64, destination: Int64?, configuration: Int64?) throws -> TestStatus? {
        var word: String?
        guard database.hasTables("TestCaseResultsByDestinationAndConfiguration") else { return nil }
        try database.forEachRow(
            """
            SELECT result FROM TestCaseResultsByDestinationAndConfiguration
            WHERE testCase_fk = ? AND destination_fk IS ? AND configuration_fk IS ?
            """, [testCase, destination, configuration]
        ) { row in word = word ?? row.text(0) }
        return word.map(XcodeTestOutcome.status)
    }

    /// The run's activities as a tree, children in order.
    private func activities(runID: Int64) throws -> [ActivityRecord] {
        var rows: [(id: Int64, parent: Int64?, activity: ActivityRecord)] = []
        guard database.hasTables("Activities") else { return [] }
        try database.forEachRow(
            """
            SELECT rowid, parent_fk, title, startTime, finishTime, failureIDs FROM Activities
            WHERE testCaseRun_fk = ? ORDER BY orderInParent, rowid
            """, [runID]
        ) { row in
            let start = row.double(3).map { $0 + XCResultDatabaseReader.referenceDateOffset }
            let finish = row.double(4).map { $0 + XCResultDatabaseReader.referenceDateOffset }
            let failed = !(row.text(5) ?? "").trimmingCharacters(in: .whitespaces).isEmpty
            rows.append(
                (
                    row.int(0) ?? 0, row.int(1),
                    ActivityRecord(
                        title: row.text(2) ?? "(untitled activity)", start: start,
                        duration: start.flatMap { start in finish.map { max(0, $0 - start) } },
                        status: failed ? .failed : .passed)
                ))
        }
        guard !rows.isEmpty else { return [] }
        let known = Set(rows.map(\.id))
        var children: [Int64: [Int]] = [:]
        for (index, row) in rows.enumerated() {
            if let parent = row.parent, known.contains(parent) { children[parent, default: []].append(index) }
        }
        // Built from the leaves up, depth bounded by the rows (a parent loop is cut by `visiting`).
        var visiting: Set<Int64> = []
        func build(_ index: Int) -> ActivityRecord {
            var activity = rows[index].activity
            let id = rows[index].id
            guard visiting.insert(id).inserted, visiting.count < 256 else { return activity }
            activity.children = (children[id] ?? []).map(build)
            visiting.remove(id)
            return activity
        }
        return rows.indices.filter { rows[$0].parent.map { !known.contains($0) } ?? true }.map(build)
    }
}
