import ResultSupport
import Testing

/// Counts people read have their thousands grouped.
struct NumberTextCountTests {
    @Test(arguments: [
        (0, "0"), (7, "7"), (999, "999"), (1000, "1,000"), (10_000, "10,000"), (100_000, "100,000"),
        (1_234_567, "1,234,567"), (-1500, "-1,500"), (Int.min, "-9,223,372,036,854,775,808"),
    ])
    func groupsThousandsWithCommas(value: Int, text: String) {
        #expect(NumberText.count(value) == text)
    }

    @Test func countedNounsGroupTheirCount() {
        #expect(Counted.noun(10_000, "test") == "10,000 tests")
        #expect(Counted.noun(1, "run") == "1 run")
    }
}
