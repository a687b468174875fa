import Tally
import Testing

@Test func countsWords() {
    #expect(Tally.words("a b c") == 3)
}

@Test(arguments: [5, 0])
func classifies(value: Int) {
    #expect(Tally.classify(value) != "negative")
}
