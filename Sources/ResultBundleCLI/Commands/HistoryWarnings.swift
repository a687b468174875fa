import RunHistory

/// Damage a history reader looked past, shown as warnings on standard error (the command goes on): the first 20,
/// then how many more, so a file damaged throughout cannot flood a CI log.
enum HistoryWarnings {
    static let shown = 20

    static func print(_ damage: [HistoryDamage], file: String) {
        for problem in damage.prefix(shown) {
            StandardError.humanLine("warning: \(file): \(problem)")
        }
        if damage.count > shown {
            StandardError.humanLine("warning: \(file): \(damage.count - shown) more damaged parts skipped")
        }
    }
}
