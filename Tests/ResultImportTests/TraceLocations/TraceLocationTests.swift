import ResultModel
import Testing

@testable import ResultImport

/// The location each language family's trace reader finds in a real-shaped trace.
@Suite struct TraceLocationTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        let language: String
        let trace: String
        var className: String? = nil
        let expected: Place?
        var testDescription: String { language }
    }

    static let samples: [Sample] = [
        Sample(
            language: "pytest long",
            trace: """
                def test_divide_by_zero():
                >       helper()

                tests/test_calc.py:28:
                _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _

                    def helper():
                >       return 1 / 0
                E       ZeroDivisionError: division by zero

                tests/test_calc.py:32: ZeroDivisionError
                """, expected: Place(file: "tests/test_calc.py", line: 32)),
        Sample(
            language: "pytest into a library",
            trace: """
                tests/test_http.py:9: in test_get
                    requests.get("http://localhost:1")
                /usr/lib/python3/site-packages/requests/api.py:73: in get
                    return request("get", url, params=params, **kwargs)
                E   ConnectionError
                """, expected: Place(file: "tests/test_http.py", line: 9)),
        Sample(
            language: "CPython",
            trace: """
                Traceback (most recent call last):
                  File "/home/ci/app/tests/test_units.py", line 17, in test_parse
                    self.assertEqual(parse("1"), 2)
                AssertionError: 1 != 2
                """, expected: Place(file: "/home/ci/app/tests/test_units.py", line: 17)),
        Sample(
            language: "Java",
            trace: """
                java.lang.AssertionError: expected:<1> but was:<2>
                \tat org.junit.Assert.fail(Assert.java:89)
                \tat org.junit.Assert.failNotEquals(Assert.java:835)
                \tat com.acme.HelperTest.check(HelperTest.java:7)
                \tat com.acme.CalcTest.adds(CalcTest.java:42)
                \tat java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)
                """, className: "com.acme.CalcTest", expected: Place(file: "com/acme/CalcTest.java", line: 42)),
        Sample(
            language: "Kotlin under Gradle",
            trace: """
                org.opentest4j.AssertionFailedError: expected: <1> but was: <2>
                \tat app//org.junit.jupiter.api.AssertionUtils.fail(AssertionUtils.java:55)
                \tat app//com.acme.CalcTest.adds$lambda$0(CalcTest.kt:12)
                """, className: "com.acme.OtherTest", expected: Place(file: "com/acme/CalcTest.kt", line: 12)),
        Sample(
            language: ".NET",
            trace: """
                Assert.Equal() Failure
                   at Xunit.Assert.Equal[T](T expected, T actual) in /_/src/Assert.cs:line 40
                   at MyApp.Tests.CalcTests.Adds() in /src/MyApp.Tests/CalcTests.cs:line 17
                """, expected: Place(file: "/src/MyApp.Tests/CalcTests.cs", line: 17)),
        Sample(
            language: "JavaScript (jest)",
            trace: """
                Error: expect(received).toBe(expected) // Object.is equality
                    at Object.<anonymous> (/builds/app/src/sum.test.js:5:17)
                    at Promise.then.completed (/builds/app/node_modules/jest-circus/build/utils.js:298:28)
                """, expected: Place(file: "/builds/app/src/sum.test.js", line: 5, column: 17)),
        Sample(
            language: "JavaScript (node, file URL)",
            trace: """
                AssertionError [ERR_ASSERTION]: false == true
                    at node:internal/test_runner/harness:10:3
                    at file:///srv/app/test/math.test.mjs:9:10
                """, expected: Place(file: "/srv/app/test/math.test.mjs", line: 9, column: 10)),
        Sample(
            language: "Go",
            trace: """
                    fail_test.go:6: Error message
                    fail_test.go:7: Longer
                        error
                """, expected: Place(file: "fail_test.go", line: 6)),
        Sample(
            language: "Go panic",
            trace: """
                panic: runtime error: index out of range [recovered]
                goroutine 7 [running]:
                testing.tRunner.func1()
                \t/usr/local/go/src/testing/testing.go:1446 +0x10b
                example.com/app.TestIndex(0xc000007a00)
                \t/src/app/index_test.go:12 +0x1d
                """, expected: Place(file: "/src/app/index_test.go", line: 12)),
        Sample(
            language: "Rust",
            trace: """
                thread 'tests::adds' panicked at src/lib.rs:10:9:
                assertion `left == right` failed
                """, expected: Place(file: "src/lib.rs", line: 10, column: 9)),
        Sample(
            language: "Rust before 1.73",
            trace: """
                thread 'tests::adds' panicked at 'assertion failed: `(left == right)`', src/lib.rs:10:9
                """, expected: Place(file: "src/lib.rs", line: 10, column: 9)),
        Sample(language: "Swift text", trace: "XCTAssertEqual failed: (\"1\") is not equal to (\"2\")", expected: nil),
        Sample(language: "a message with a colon", trace: "Error: expected 5: got 3", expected: nil),
    ]

    @Test(arguments: samples)
    func findsTheInnermostFrameOfTheTestsOwnCode(sample: Sample) {
        #expect(TraceLocation.find(in: sample.trace, className: sample.className) == sample.expected)
    }

    @Test func aLongTraceIsReadAtBothEnds() {
        let middle = String(repeating: "noise line\n", count: 30_000)
        let trace = middle + "tests/test_x.py:7: AssertionError"
        #expect(TraceLocation.find(in: trace, className: nil) == Place(file: "tests/test_x.py", line: 7))
    }
}
