import Foundation
import ResultImport
import ResultModel
import Testing
import _TestSupport

/// Numbers no producer writes (past 2^63, 1e400, negative) in every field a line-stream reader reads a number from:
/// the import finishes, and no duration or time it keeps is negative or infinite.
@Suite struct LineStreamHugeNumberTests {
    static let inputs: [(text: String, format: ImportFormat)] = [
        ("1..99999999999999999999999\nok 99999999999999999999999 - big\n  ---\n  duration_ms: 1e400\n  ...\n", .tap),
        (
            #"{"Time":"9999-99-99T99:99:99Z","Action":"run","Package":"p","Test":"T"}"# + "\n"
                + #"{"Action":"pass","Package":"p","Test":"T","Elapsed":1e400}"# + "\n"
                + #"{"Action":"pass","Package":"p","Test":"U","Elapsed":-5}"#,
            .goTestJSON
        ),
        (
            #"{ "type": "test", "name": "a", "event": "ok", "exec_time": 1e400 }"# + "\n"
                + #"{ "type": "suite", "event": "ok", "passed": 99999999999999999999999, "failed": -1 }"#,
            .libtestJSON
        ),
        (
            #"{"nodeid": "t.py::x", "location": ["t.py", 99999999999999999999999, "x"], "outcome": "passed", "#
                + #""when": "teardown", "duration": 1e400, "start": -1e400, "$report_type": "TestReport"}"#,
            .pytestReportLog
        ),
        (
            #"{"test":{"id":1e30,"name":"a"},"type":"testStart","time":-1e308}"# + "\n"
                + #"{"test":{"id":2,"name":"b","line":99999999999999999999999},"type":"testStart","time":-1e308}"#
                + "\n" + #"{"testID":2,"result":"success","type":"testDone","time":1e308}"#,
            .dartJSON
        ),
    ]

    @Test(arguments: inputs.indices)
    func hugeNumbersNeverGiveAnInfiniteOrNegativeTime(index: Int) throws {
        let (text, format) = Self.inputs[index]
        let result = try ImportHarness.run(text: text, name: "huge", format: format)
        #expect(result.totals.tests >= 1)
        for attempt in result.results.tests.flatMap(\.attempts) {
            #expect(attempt.duration.map { $0.isFinite && $0 >= 0 } ?? true)
            #expect(attempt.start.map(\.isFinite) ?? true)
        }
    }
}
