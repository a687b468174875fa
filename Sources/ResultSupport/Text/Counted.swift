/// A count with its noun in the right number, for text people read: `1 run`, `2 runs`, `1 test case`.
package enum Counted {
    /// `count`, its thousands grouped (``NumberText/count(_:)``), and `singular`, or `plural` (default: `singular` +
    /// "s") when `count` is not 1.
    package static func noun(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        NumberText.count(count) + " " + (count == 1 ? singular : plural ?? singular + "s")
    }
}
