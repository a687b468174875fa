import Foundation
import ResultImport
import ResultModel
import Testing
import _TestSupport

/// Dart JSON reporter streams: hidden tests, a file that does not load, a cut stream.
@Suite struct DartJSONParserTests {
    private func imported(_ lines: [String]) throws -> ImportHarness.Result {
        try ImportHarness.run(text: lines.joined(separator: "\n"), name: "dart.json", format: .dartJSON)
    }

    private func start(_ id: Int, _ name: String) -> String {
        #"{"test":{"id":\#(id),"name":"\#(name)","suiteID":0,"groupIDs":[],"metadata":{"skip":false}},"type":"testStart","time":\#(id)}"#
    }

    @Test func hiddenTestsAreNotCountedUnlessTheyFail() throws {
        let result = try imported([
            #"{"suite":{"id":0,"platform":"vm","path":"test\\a_test.dart"},"type":"suite","time":0}"#,
            start(1, "loading test/a_test.dart"),
            #"{"testID":1,"result":"success","skipped":false,"hidden":true,"type":"testDone","time":5}"#,
            start(2, "loading test/b_test.dart"),
            #"{"testID":2,"error":"Failed to load: syntax error","stackTrace":"","isFailure":false,"type":"error","time":6}"#,
            #"{"testID":2,"result":"error","skipped":false,"hidden":true,"type":"testDone","time":7}"#,
        ])
        #expect(result.results.tests.map(\.id) == ["test/a_test.dart/loading test/b_test.dart"])
        #expect(result.results.tests.first?.status == .failed)
    }

    @Test func aCutStreamWritesTheRunningTestAsInterrupted() throws {
        let result = try imported([start(3, "never done"), #"{"testID":3,"messageType":"print","mess"#])
        #expect(result.test("never done")?.status == .interrupted)
        #expect(result.diagnostics(.error).count == 2)
    }
}
