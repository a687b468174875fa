import RunHistory

/// Damage a history reader looked past, shown as warnings on standard error (the command goes on).
enum HistoryWarnings {
    static func print(_ damage: [HistoryDamage], file: String) {
        for problem in damage {
            StandardError.print(TerminalText.escapingControls("warning: \(file): \(problem)"))
        }
    }
}
