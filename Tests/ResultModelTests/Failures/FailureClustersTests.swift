import Testing

@testable import ResultModel

@Suite struct FailureMessageNormalizerTests {
    private func same(_ first: String, _ second: String) -> Bool {
        FailureMessageNormalizer.normalize(first) == FailureMessageNormalizer.normalize(second)
    }

    @Test func xctestEqualityFailuresWithDifferentValuesAreOneCause() {
        #expect(
            FailureMessageNormalizer.normalize(#"XCTAssertEqual failed: ("1") is not equal to ("2") - math is hard"#)
                == #"XCTAssertEqual failed: ("…") is not equal to ("…") - math is hard"#)
        #expect(
            same(
                #"XCTAssertEqual failed: ("1") is not equal to ("2")"#,
                #"XCTAssertEqual failed: ("41") is not equal to ("7")"#))
        #expect(!same(#"XCTAssertEqual failed: ("1") is not equal to ("2")"#, #"XCTAssertTrue failed"#))
    }

    @Test func swiftTestingExpectationsKeepTheirExpressionAndLoseTheirValues() {
        // swift-testing's console: `Expectation failed: (add(2, 2) → 4) == 5`.
        #expect(
            FailureMessageNormalizer.normalize("Expectation failed: (add(2, 2) → 4) == 5")
                == "Expectation failed: (add(<n>, <n>) → <n>) == <n>")
    }

    @Test func junitPytestAndJestMessagesFromRealRunners() {
        #expect(
            FailureMessageNormalizer.normalize("expected:<5> but was:<6>") == "expected:<…> but was:<…>")
        #expect(same("AssertionError: assert 'abc' == 'abd'", "AssertionError: assert 'x' == 'y'"))
        #expect(
            FailureMessageNormalizer.normalize(
                "Error: expect(received).toBe(expected) // Object.is equality\n\nExpected: 3")
                == "Error: expect(received).toBe(expected) // Object.is equality")
        #expect(same("can't open file", "can't open file"))
        #expect(FailureMessageNormalizer.normalize("can't open 'a.txt'") == "can't open '…'")
    }

    @Test func addressesUUIDsTemporaryPathsAndDurationsBecomePlaceholders() {
        #expect(
            FailureMessageNormalizer.normalize(
                "object 0x7ffee3b2c8a0 for 123e4567-e89b-12d3-a456-426614174000 in /tmp/abc123/x.db after 1.5 s")
                == "object <hex> for <uuid> in <tmp> after <duration>")
        #expect(
            FailureMessageNormalizer.normalize("Asynchronous wait failed: Exceeded timeout of 120ms, with unfulfilled")
                == "Asynchronous wait failed: Exceeded timeout of <duration>, with unfulfilled")
        #expect(FailureMessageNormalizer.normalize("  \n\n  first   line  \nsecond") == "first line")
    }
}

@Suite struct FailureClustersTests {
    private func failed(
        _ name: String, suite: String, message: String, file: String, kind: IssueRecord.Kind = .assertion
    )
        -> TestRecord
    {
        let issue = IssueRecord(kind: kind, message: message, location: SourceLocation(file: file, line: 3))
        return TestRecord(
            identity: TestIdentity(module: "Module", suites: [suite], name: name),
            attempts: [TestAttempt(status: .failed, issues: [issue])])
    }

    @Test func fiveHundredFailuresSharingAMessageAreOneClusterOfFiveHundred() {
        var clusters = FailureClusters()
        for index in 0..<500 {
            clusters.add(
                failed(
                    "test\(index)", suite: "Suite\(index % 20)",
                    message: #"XCTAssertEqual failed: ("\#(index)") is not equal to ("\#(index + 1)")"#,
                    file: "/src/Suite\(index % 20).swift"))
        }
        clusters.add(failed("other", suite: "Other", message: "XCTAssertTrue failed", file: "/src/Other.swift"))
        clusters.add(
            TestRecord(identity: TestIdentity(name: "passing"), attempts: [TestAttempt(status: .passed)]))
        let largest = clusters.largestFirst
        #expect(largest.map(\.count) == [500, 1])
        #expect(largest[0].sampleMessage == #"XCTAssertEqual failed: ("0") is not equal to ("1")"#)
        #expect(largest[0].suites.count == FailureClusters.maxListed)
        #expect(largest[0].testIDs.count == FailureClusters.maxTestsKept)
        #expect(clusters.failureCount == 501)
    }

    @Test func theSameMessageOfAnotherKindIsAnotherCauseAndIdsAreStable() {
        let thrown = FailureSignature(IssueRecord(kind: .thrownError, message: "boom 1"))
        let asserted = FailureSignature(IssueRecord(kind: .assertion, message: "boom 2"))
        #expect(thrown != asserted)
        #expect(FailureSignature(IssueRecord(kind: .assertion, message: "boom 7")).id == asserted.id)
        // The id is part of what a history keeps: it must not change between versions.
        #expect(asserted.id == FailureSignature(kind: "assertion", text: "boom <n>").id)
    }
}
