import Foundation
import ResultModel
import Testing

/// The one count of tests: a parameterized test is one test, its cases are counted inside it.
struct TestCountTests {
    @Test func showsTestsAndTheCasesInsideThem() {
        #expect(
            TestCount(tests: 164, parameterized: 1, cases: 7).description == "164 tests (1 parameterized with 7 cases)")
        #expect(TestCount(tests: 1, parameterized: 0, cases: 0).description == "1 test")
        #expect(TestCount(tests: 8, parameterized: nil, cases: 2).description == "8 tests (2 parameterized cases)")
    }

    @Test func totalsCountParameterizedTestsOnce() {
        var totals = ResultTotals()
        let attempt = TestAttempt(status: .passed)
        totals.add(TestRecord(identity: TestIdentity(name: "plain"), attempts: [attempt]))
        totals.add(
            TestRecord(
                identity: TestIdentity(name: "cases(x:)"), attempts: [attempt],
                cases: ["1", "2", "3"].map { TestCaseRecord(arguments: $0, attempts: [attempt]) }))
        totals.addPassed(duration: 0.1)
        #expect(totals.count == TestCount(tests: 3, parameterized: 1, cases: 3))
    }

    @Test func totalsStoredBeforeFormat14HaveNoParameterizedCount() throws {
        let old =
            #"{"tests":8,"passed":8,"failed":0,"skipped":0,"expectedFailures":0,"warnings":0,"interrupted":0,"flaky":0,"testCases":2,"duration":1}"#
        var totals = try JSONDecoder().decode(ResultTotals.self, from: Data(old.utf8))
        #expect(totals.parameterizedTests == nil)
        totals.add(ResultTotals())
        #expect(totals.count.description == "8 tests (2 parameterized cases)")
    }
}
