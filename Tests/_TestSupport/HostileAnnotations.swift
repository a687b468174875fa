import Foundation
import ResultModel

extension HostileResults {
    /// Text that tries to end a CI annotation early or start one of its own in every CI system's syntax: line
    /// breaks of every kind, `%` and already-escaped sequences, `::` workflow commands, `##vso[` and `##teamcity[`
    /// service messages, `]`, `'`, `|`, `;`, `,` and ANSI sequences.
    public static let ciInjection =
        "line one 100% ::error::pwned\n::warning file=x.swift::second\r\n##vso[task.setvariable variable=x]1\r"
        + "##teamcity[buildStatus text='pwned']\n|n '] ; , \u{1B}[31mred\u{1B}[0m\u{2028}::notice::sep"
        + "\u{85}##[error]nel %0A %25 %AZP25 end"

    /// The root the ``writeCIInjection(into:)`` run was recorded in.
    public static let ciInjectionRoot = "/work/repo"

    /// Writes one run whose tests cover every kind of annotation: a failure under the root with punctuation in its
    /// path, a performance regression at a path relative to the working directory, a flaky test outside the root,
    /// a crash with no location, a skip, a pass, a failing parameterized case and a timeout at a `../` path; every
    /// message and name carries ``ciInjection``.
    public static func writeCIInjection(into sink: any ResultSink) throws {
        var run = RunRecord(name: "ci", producer: "tests", source: "tests", workingDirectory: ciInjectionRoot)
        run.start = 1_790_000_000
        let index = try sink.beginRun(run)
        func issue(_ kind: IssueRecord.Kind, _ message: String, _ file: String?, _ line: Int = 0, _ column: Int? = nil)
            -> IssueRecord
        {
            IssueRecord(
                kind: kind, message: message,
                location: file.map { SourceLocation(file: $0, line: line, column: column) })
        }
        func add(_ suites: [String], _ name: String, _ attempts: [TestAttempt], cases: [TestCaseRecord] = []) throws {
            try sink.addTest(
                TestRecord(
                    runIndex: index, identity: TestIdentity(module: "Mod", suites: suites, name: name),
                    attempts: attempts, cases: cases))
        }
        let place = "\(ciInjectionRoot)/Sources/A,b:c;d]e'f|g.swift"
        try add(
            ["Suite, with: punctuation"], "test'|[]::x",
            [
                TestAttempt(
                    status: .failed, duration: 0.25,
                    issues: [
                        issue(.assertion, ciInjection, place, 12, 5),
                        issue(.thrownError, "second issue", place, 20),
                    ])
            ])
        try add(
            ["Perf"], "testSpeed",
            [
                TestAttempt(
                    status: .failed, duration: 1.5,
                    issues: [
                        issue(
                            .performanceRegression, "Time 12% worse than baseline\n" + ciInjection,
                            "Tests/PerfTests.swift", 40)
                    ])
            ])
        try add(
            ["Perf"], "testFlaky",
            [
                TestAttempt(
                    status: .failed,
                    issues: [issue(.assertion, "flaked: " + ciInjection, "/elsewhere/Outside.swift", 7)]),
                TestAttempt(status: .passed, duration: 0.1),
            ])
        try add(
            ["Crash"], "testCrash",
            [TestAttempt(status: .crashed, statusReason: "signal 11\n::error::x", duration: 0.003)])
        try add(["Crash"], "testSkipped", [TestAttempt(status: .skipped, statusReason: "not today ']|" + ciInjection)])
        try add(["Crash"], "testPasses", [TestAttempt(status: .passed, duration: 0.002)])
        try add(
            [], "parameterized", [TestAttempt(status: .failed, duration: 0.02)],
            cases: [
                TestCaseRecord(arguments: "x → 1", attempts: [TestAttempt(status: .passed)]),
                TestCaseRecord(
                    arguments: "x → 2",
                    attempts: [
                        TestAttempt(
                            status: .failed, issues: [issue(.assertion, "case failed ##teamcity[", "Tests/P.swift", 3)])
                    ]),
            ])
        try add(
            ["Deep", "Nested"], "testTimeout",
            [
                TestAttempt(
                    status: .timedOut, duration: 60, issues: [issue(.timeout, "timed out", "../../etc/passwd", 1)])
            ])
        try sink.endRun(index, RunEnd(end: 1_790_000_010, exitCode: 1))
    }
}
