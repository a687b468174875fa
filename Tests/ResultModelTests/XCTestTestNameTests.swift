import ResultModel
import Testing

/// Printed XCTest names become identities; consecutive tests of one class share their suites array.
@Suite struct XCTestTestNameTests {
    @Test(
        arguments: [
            ("Suite0Tests.testOne", nil, ["Suite0Tests"], "testOne"),
            ("Suite0Tests.testOne()", nil, ["Suite0Tests"], "testOne"),
            ("-[CalcTests.CalcSuite testAdds]", "CalcTests", ["CalcSuite"], "testAdds"),
            ("noDotAtAll", nil, [], "noDotAtAll"),
        ] as [(String, String?, [String], String)])
    func printedNamesBecomeIdentities(printed: String, module: String?, suites: [String], name: String) {
        #expect(XCTestTestName.identity(printed) == TestIdentity(module: module, suites: suites, name: name))
    }

    @Test func theNextTestOfTheSameClassSharesItsSuitesArray() {
        let first = XCTestTestName.identity("AVeryLongSuiteNameTests.testOne")
        let second = XCTestTestName.identity("AVeryLongSuiteNameTests.testTwo", reusingSuitesOf: first)
        #expect(second == TestIdentity(suites: ["AVeryLongSuiteNameTests"], name: "testTwo"))
        #expect(
            first.suites.withUnsafeBufferPointer(\.baseAddress) == second.suites.withUnsafeBufferPointer(\.baseAddress))
    }

    @Test func anotherClassGetsItsOwnSuites() {
        let first = XCTestTestName.identity("AVeryLongSuiteNameTests.testOne")
        for printed in ["AVeryLongSuiteNameTest.testTwo", "AVeryLongSuiteNameTestsX.testTwo", "Other.testTwo"] {
            let next = XCTestTestName.identity(printed, reusingSuitesOf: first)
            #expect(next == XCTestTestName.identity(printed), "\(printed)")
        }
    }
}
