package tally;

public final class Tally {
    public static int words(String text) {
        int count = 0;
        for (String word : text.split(" ")) {
            if (!word.isEmpty()) {
                count++;
            }
        }
        return count;
    }

    public static String classify(int value) {
        if (value < 0) {
            return "negative";
        } else if (value == 0) {
            return "zero";
        }
        return "positive";
    }

    public static int unused() {
        int total = 0;
        for (int index = 0; index < 3; index++) {
            total += index;
        }
        return total;
    }
}
