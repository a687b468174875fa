/// Counts words and classifies numbers.
public enum Tally {
    public static func words(_ text: String) -> Int {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).count
    }

    public static func classify(_ value: Int) -> String {
        if value < 0 {
            return "negative"
        } else if value == 0 {
            return "zero"
        }
        return "positive"
    }

    public static func unused() -> Int {
        var total = 0
        for index in 0..<3 {
            total += index
        }
        return total
    }
}
