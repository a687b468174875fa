import Foundation
import ResultImport
import ResultModel
import Testing
import _TestSupport

/// TAP streams of every shape: leaves at any depth, buffered and streamed subtests, directives, plans, bail-outs.
@Suite struct TAPParserTests {
    private func imported(_ text: String) throws -> ImportHarness.Result {
        try ImportHarness.run(text: text, name: "run.tap", format: .tap)
    }

    @Test func bufferedSubtestsOfTAP14AreSuitesOfTheirLeaves() throws {
        let result = try imported(
            """
            TAP version 14
            1..2
            ok 1 - outer {
                1..2
                ok 1 - first leaf
                not ok 2 - inner {
                    1..1
                    not ok 1 - deep leaf
                      ---
                      message: wrong total
                      at:
                        file: test/deep.js
                        line: 42
                      ...
                }
            }
            ok 2 - after
            """)
        #expect(result.results.tests.map(\.id) == ["outer/first leaf", "outer/inner/deep leaf", "after"])
        let deep = try #require(result.test("outer/inner/deep leaf"))
        #expect(deep.status == .failed)
        #expect(deep.attempts[0].issues.first?.message == "wrong total")
        #expect(deep.attempts[0].issues.first?.location == Place(file: "test/deep.js", line: 42))
        #expect(result.diagnostics(.warning).isEmpty && result.diagnostics(.error).isEmpty)
    }

    @Test func aStreamedSubtestWithoutItsNameWaitsForThePointThatNamesIt() throws {
        let result = try imported(
            """
            TAP version 13
                ok 1 - child
                1..1
            ok 1 - parent
            1..1
            """)
        #expect(result.results.tests.map(\.id) == ["parent/child"])
    }

    @Test func aParentThatFailsWhileItsSubtestsPassedIsAFailedTestOfItsOwn() throws {
        let result = try imported(
            """
            # Subtest: parent
                ok 1 - child
                1..2
            not ok 1 - parent
              ---
              error: 'plan of 2 not met'
              ...
            1..1
            """)
        #expect(result.results.tests.map(\.id) == ["parent/child", "parent"])
        #expect(result.test("parent")?.status == .failed)
        #expect(result.test("parent")?.attempts[0].issues.first?.message == "plan of 2 not met")
        #expect(result.diagnostics(.warning).contains { $0.message.contains("subtest 'parent'") })
    }

    @Test func directivesMapToSkippedExpectedFailureAndWarning() throws {
        let result = try imported(
            """
            1..5
            ok 1 - plain
            not ok 2 - skipped anyway # SKIP no display
            not ok 3 - known # TODO fix later
            ok 4 - fixed already # todo was broken
            ok 5 - hash \\# in the name
            """)
        #expect(result.results.tests.map(\.status) == [.passed, .skipped, .expectedFailure, .warning, .passed])
        #expect(result.results.tests.last?.identity.name == "hash # in the name")
        #expect(result.test("skipped anyway")?.attempts[0].statusReason == "no display")
    }

    @Test func aBailOutIsAFailedTestAndStopsTheStreamWithoutAPlanWarning() throws {
        let result = try imported(
            """
            1..3
            ok 1 - first
            Bail out! database went away
            ok 2 - never read
            """)
        #expect(result.results.tests.map(\.id) == ["first", "(bail out)"])
        #expect(result.test("(bail out)")?.attempts[0].issues.first?.message == "Bail out! database went away")
        #expect(result.diagnostics(.warning).isEmpty)
    }

    @Test func aPlanThatDisagreesWithThePointsIsOneWarning() throws {
        let result = try imported("1..4\nok 1\nok 2\n")
        #expect(result.totals.tests == 2)
        let warnings = result.diagnostics(.warning)
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("the plan 1..4 declares tests 4") == true)
        #expect(warnings.first?.line == 1)
    }

    @Test func subtestsNestedDeeperThanTheLimitStopWithAnErrorThatNamesTheLine() throws {
        var lines: [String] = []
        for depth in 0..<400 { lines.append(String(repeating: " ", count: 4 * depth) + "# Subtest: level \(depth)") }
        lines.append(String(repeating: " ", count: 4 * 400) + "ok 1 - too deep")
        lines.insert("ok 1 - shallow", at: 0)
        let result = try imported(lines.joined(separator: "\n"))
        #expect(result.results.tests.map(\.id) == ["shallow"])
        let error = try #require(result.diagnostics(.error).first)
        #expect(error.message.contains("deeper than 256 levels"))
        #expect(error.line != nil)
    }

    @Test func aStreamCutInsideASubtestKeepsItsTestsAndSaysWhere() throws {
        let result = try imported("# Subtest: group\n    ok 1 - inside\n    not ok 2 - also inside\n")
        #expect(result.results.tests.map(\.id) == ["group/inside", "group/also inside"])
        #expect(result.diagnostics(.error).first?.message.contains("ends inside subtest 'group'") == true)
    }

    @Test func manyPointsImportOneByOne() throws {
        var text = "TAP version 13\n"
        for index in 1...20_000 { text += "ok \(index) - test \(index)\n" }
        text += "1..20000\n"
        let result = try imported(text)
        #expect(result.totals.tests == 20_000 && result.totals.passed == 20_000)
        #expect(result.outcomes.flatMap(\.diagnostics).isEmpty)
    }
}

extension TAPParserTests {
    @Test func plainPassesArriveAsBytesAndReadBackAsTheRecordsTheGeneralPathWrites() throws {
        let directory = try TestPaths.makeTemporaryDirectory("tap-bytes")
        let url = directory.appendingPathComponent("run.tap")
        try Data(
            """
            # Subtest: group
                ok 1 - inside
                  ---
                  duration_ms: 250
                  ...
                # Subtest: deeper
                    ok 1 - two levels down
                    1..1
                ok 2 - deeper
                1..2
            ok 1 - group
            ok 2 - top
            not ok 3 - fails
            1..3
            """.utf8
        ).write(to: url)
        let sink = BytesCountingSink()
        let run = try sink.beginRun(RunRecord(producer: "tests", source: "import"))
        _ = try ResultImporter(sink: sink, runIndex: run).importFile(url.path, format: .tap)
        #expect(sink.passedFromBytes == ["group/inside", "group/deeper/two levels down", "top"])
        let inside = try #require(sink.results.tests.first { $0.id == "group/inside" })
        #expect(
            inside
                == TestRecord(
                    identity: TestIdentity(suites: ["group"], name: "inside"),
                    attempts: [TestAttempt(status: .passed, duration: 0.25)]))
        #expect(sink.results.tests.map(\.id) == ["group/inside", "group/deeper/two levels down", "top", "fails"])
    }
}

extension TAPParserTests {
    @Test func plainPassesAtEveryPlaceOfAStreamGiveTheTestsTheGeneralReadingGives() throws {
        let result = try imported(
            """
            TAP version 13
            ok 1 - first
              ---
              duration_ms: 12
              ...
            ok 2 - second
            # a comment after a pass
            ok 3 - third
            # Subtest: group
                ok 1 - inside
                    ok 1 - deeper than its level
                ok 2 - inside again
                1..2
            ok 4 - group
            ok 5 - last
            1..5
            """)
        #expect(
            result.results.tests.map(\.id) == [
                "first", "second", "third", "group/inside", "group/inside again/deeper than its level", "last",
            ])
        #expect(result.test("first")?.attempts.first?.duration == 0.012)
        #expect(result.test("second")?.attempts.first?.issues.isEmpty == true)
        #expect(result.totals.tests == result.results.tests.count)
        #expect(result.diagnostics(.warning).isEmpty && result.diagnostics(.error).isEmpty)
    }
}
