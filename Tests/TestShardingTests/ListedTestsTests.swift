import Testing

@testable import TestSharding

/// What `swift test list` says: each framework's count and each XCTest method's module.
struct ListedTestsTests {
    static let output = """
        Building for debugging...
        UnitTests.ExitCodeTests/testExitCodes
        UnitTests.Shared/testA
        EndToEndTests.Shared/testA
        EndToEndTests.SimpleTests/testSimple
        UnitTests.SplitTests/empty()
        UnitTests.parse(_:)/Parse.swift:12:3
        """

    @Test func countsEachFrameworkAndFindsEachMethodsModule() {
        let listed = ListedTests(listOutput: Self.output)
        #expect(listed.reportedCounts == ["xctest.listed": 4, "swiftTesting.listed": 2])
        #expect(listed.module(ofXCTest: "ExitCodeTests/testExitCodes") == "UnitTests")
        #expect(listed.module(ofXCTest: "Shared/testA") == nil)
        #expect(listed.modulesOfXCTest["Shared/testA"] == ["UnitTests", "EndToEndTests"])
        #expect(listed.module(ofSuite: "SimpleTests") == "EndToEndTests")
        #expect(listed.module(ofSuite: "SplitTests") == "UnitTests")
        #expect(listed.module(ofXCTest: "SplitTests/empty()") == nil)
        #expect(listed.place(ofFunction: "empty()") == ListedTests.Place(module: "UnitTests", suites: ["SplitTests"]))
        #expect(listed.place(ofFunction: "parse(_:)") == ListedTests.Place(module: "UnitTests", suites: []))
    }

    @Test func selectsWhatFilterAndSkipRun() throws {
        let specifiers = TestSpecifier.listed(in: Self.output)
        let selected = try ListedTests.selected(specifiers, filters: ["Shared", "Split"], skips: ["^EndToEnd"])
        #expect(selected.map(\.text) == ["UnitTests.Shared/testA", "UnitTests.SplitTests/empty()"])
    }
}
