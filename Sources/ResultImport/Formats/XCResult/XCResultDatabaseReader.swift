import Foundation
import ResultModel

/// Reads the tests of an `.xcresult` bundle's `database.sqlite3` (the tables are listed in docs/IMPORT.md): every
/// run of a test case (`TestCaseRuns`) with the destination and test plan configuration it ran in, ordered so that
/// the runs of one test case in one configuration come together; those runs are the test's attempts
/// (repetitions, retries, merged bundles), or its cases when they ran with arguments. The test's status is
/// xcresulttool's own verdict (`TestCaseResultsByDestinationAndConfiguration`) when the database has it.
/// One test at a time is in memory.
final class XCResultDatabaseReader {
    private let database: SQLiteDatabase
    private let context: ImportContext
    private let scopes: XCResultScopes
    private let details: XCResultRunDetails
    private var written = 0

    /// The tables every test is read through; the others (issues, tags, activities, arguments, verdicts) are read
    /// when the database has them.
    static let requiredTables = [
        "TestCaseRuns", "TestCases", "TestSuiteRuns", "TestSuites", "TestableRuns", "Testables", "TestPlanRuns",
        "Actions",
    ]

    /// Seconds from 1970 to 2001, where Apple's reference dates count from.
    static let referenceDateOffset = 978_307_200.0

    init(database: SQLiteDatabase, context: ImportContext) throws {
        let missing = Self.requiredTables.filter { !database.tables.contains($0) }
        guard missing.isEmpty else {
            throw ImportError(
                .malformed,
                "database.sqlite3 has no \(missing.joined(separator: ", ")) table: it is not an Xcode 16 (or later) "
                    + "test results database", file: database.fileName)
        }
        self.database = database
        self.context = context
        scopes = try XCResultScopes(database)
        details = XCResultRunDetails(database)
    }

    /// One row of the runs query.
    private struct Run {
        var testCase: Int64
        var destination: Int64?
        var configuration: Int64?
        var result: String?
        var duration: Double?
        var start: Double?
        var runID: Int64
        var skipNotice: Int64?
    }

    func run() throws -> ImportOutcome {
        let configurationCount = try countConfigurations()
        var group: [Run] = []
        var diagnostics: [Diagnostic] = []
        do {
            try database.forEachRow(Self.runsQuery) { row in
                let run = Run(
                    testCase: row.int(0) ?? 0, destination: row.int(1), configuration: row.int(2), result: row.text(3),
                    duration: row.double(4), start: row.double(5).map { $0 + Self.referenceDateOffset },
                    runID: row.int(6) ?? 0, skipNotice: row.int(7))
                if let first = group.first,
                    first.testCase != run.testCase || first.destination != run.destination
                        || first.configuration != run.configuration
                {
                    try write(group, configurations: configurationCount)
                    group = []
                }
                group.append(run)
            }
            if !group.isEmpty { try write(group, configurations: configurationCount) }
        } catch let error as ImportError {
            if written == 0 { throw error }
            diagnostics.append(
                Diagnostic(
                    severity: .error, message: error.message + "; the tests before it were imported",
                    file: database.fileName))
        }
        try writeSuiteIssues()
        if written == 0, let note = try buildIssuesNote() { diagnostics.append(note) }
        return ImportOutcome(format: .xcresult, testCount: written, diagnostics: diagnostics)
    }

    /// Every test case run with its destination and configuration (through its root suite run, its testable run,
    /// its test plan run and that run's action), grouped by test case within each destination and configuration.
    static let runsQuery = """
        WITH RECURSIVE rootRuns(id, root) AS (
            SELECT rowid, rowid FROM TestSuiteRuns WHERE parentSuiteRun_fk IS NULL
            UNION ALL
            SELECT child.rowid, rootRuns.root FROM TestSuiteRuns AS child JOIN rootRuns ON child.parentSuiteRun_fk = rootRuns.id
        )
        SELECT tcr.testCase_fk, a.runDestination_fk, tpr.configuration_fk, tcr.result, tcr.duration, a.started,
               tcr.rowid, tcr.skipNotice_fk
        FROM TestCaseRuns AS tcr
        LEFT JOIN rootRuns ON rootRuns.id = tcr.testSuiteRun_fk
        LEFT JOIN TestSuiteRuns AS root ON root.rowid = rootRuns.root
        LEFT JOIN TestableRuns AS tr ON tr.rowid = root.testableRun_fk
        LEFT JOIN TestPlanRuns AS tpr ON tpr.rowid = tr.testPlanRun_fk
        LEFT JOIN Actions AS a ON a.rowid = tpr.action_fk
        ORDER BY a.runDestination_fk, tpr.configuration_fk, tcr.testCase_fk, a.orderInInvocation, tcr.rowid
        """

    /// How many destination and configuration pairs the bundle's test plan runs have.
    private func countConfigurations() throws -> Int {
        var count = 0
        try database.forEachRow(
            "SELECT COUNT(*) FROM (SELECT DISTINCT a.runDestination_fk, tpr.configuration_fk FROM TestPlanRuns AS tpr "
                + "LEFT JOIN Actions AS a ON a.rowid = tpr.action_fk)"
        ) { row in count = Int(row.int(0) ?? 0) }
        return count
    }

    /// Writes the test of one test case in one destination and configuration.
    private func write(_ runs: [Run], configurations: Int) throws {
        let first = runs[0]
        let testCase = try scopes.testCase(first.testCase)
        var attempts: [TestAttempt] = []
        var cases: [TestCaseRecord] = []
        for run in runs {
            let attempt = try details.attempt(
                runID: run.runID, result: run.result, duration: run.duration, start: run.start,
                skipNotice: run.skipNotice)
            if let arguments = try details.arguments(runID: run.runID) {
                if let index = cases.firstIndex(where: { $0.arguments == arguments }) {
                    cases[index].attempts.append(attempt)
                } else {
                    cases.append(TestCaseRecord(arguments: arguments, attempts: [attempt]))
                }
            } else {
                attempts.append(attempt)
            }
        }
        let verdict = try details.verdict(
            testCase: first.testCase, destination: first.destination, configuration: first.configuration)
        if !cases.isEmpty && attempts.isEmpty {
            let total = runs.compactMap(\.duration).reduce(0, +)
            let status = verdict ?? cases.map(\.status).max { $0.severity < $1.severity } ?? .passed
            attempts = [TestAttempt(status: status, start: first.start, duration: total)]
        }
        let configuration =
            configurations > 1
            ? try scopes.configurationName(destination: first.destination, configuration: first.configuration) : nil
        try context.sink.addTest(
            TestRecord(
                runIndex: try context.runIndex(forConfiguration: configuration),
                identity: testCase.identity, displayName: testCase.displayName, tags: testCase.tags,
                status: verdict.map {
                    attempts.last?.status == .expectedFailure && $0 == .passed ? .expectedFailure : $0
                },
                attempts: attempts, cases: cases))
        written += 1
    }

    /// A bundle without test runs (a build that failed before testing): a warning with what the build reported
    /// (`BuildIssues`, with each issue's file and line from its `DocumentLocations` address).
    private func buildIssuesNote() throws -> Diagnostic? {
        guard database.hasTables("BuildIssues", "DocumentLocations") else { return nil }
        var issues: [String] = []
        try database.forEachRow(
            "SELECT b.message, d.url FROM BuildIssues AS b LEFT JOIN DocumentLocations AS d "
                + "ON d.rowid = b.documentLocation_fk ORDER BY b.severity DESC, b.rowid LIMIT 5"
        ) { row in
            guard let message = row.text(0) else { return }
            issues.append(message + (row.text(1).flatMap(XcodeDocumentLocation.place).map { " (\($0))" } ?? ""))
        }
        guard !issues.isEmpty else { return nil }
        return Diagnostic(
            severity: .warning,
            message: "the bundle has no test runs; its build reported: " + issues.joined(separator: "; "),
            file: database.fileName)
    }

    /// Issues recorded by a suite outside its tests (a failing `setUp` of a class) as suite records.
    private func writeSuiteIssues() throws {
        guard database.hasTables("TestIssues") else { return }
        var bySuite: [(suite: Int64, issues: [IssueRecord])] = []
        try database.forEachRow(
            "SELECT tsr.testSuite_fk, i.rowid FROM TestIssues AS i JOIN TestSuiteRuns AS tsr "
                + "ON tsr.rowid = i.testSuiteRun_fk WHERE i.testCaseRun_fk IS NULL ORDER BY i.rowid"
        ) { row in
            guard let suite = row.int(0), let issueID = row.int(1) else { return }
            let issue = try details.issue(issueID, expected: false)
            if let index = bySuite.firstIndex(where: { $0.suite == suite }) {
                bySuite[index].issues.append(issue)
            } else {
                bySuite.append((suite, [issue]))
            }
        }
        for (suite, issues) in bySuite {
            let scope = try scopes.suite(suite)
            try context.sink.addSuite(
                SuiteRecord(
                    runIndex: context.runIndex, module: scope.module, path: scope.path, status: .failed,
                    issues: issues))
        }
    }
}
