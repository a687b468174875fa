package tally;

public final class TallyMain {
    public static void main(String[] arguments) {
        if (Tally.words("a b  c") != 3 || !Tally.classify(5).equals("positive") || !Tally.classify(0).equals("zero")) {
            throw new AssertionError("tally");
        }
    }
}
