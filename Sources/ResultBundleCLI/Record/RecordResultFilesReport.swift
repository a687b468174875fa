/// What `record` says about the result files it picked up (`--results`), and where it looked when it recognised
/// no test at all.
struct RecordResultFilesReport {
    let watch: ResultFileWatch?
    let outcome: RecordSession.Outcome
    let quiet: Bool

    func print() {
        let picked = outcome.resultFiles
        for failure in picked?.failures ?? [] { StandardError.print("resultbundle: error: \(failure)") }
        for damage in picked?.damage ?? [] { StandardError.print(damage.description) }
        if outcome.totals.tests == 0, outcome.signal == nil {
            StandardError.print("resultbundle: " + ResultFileOptions.noTestsMessage(watched: watch))
            return
        }
        guard !quiet, let files = picked?.importedFiles, !files.isEmpty else { return }
        let shown = files.prefix(3).joined(separator: ", ") + (files.count > 3 ? ", …" : "")
        StandardError.print("resultbundle: read \(files.count) result file(s): \(shown)")
    }
}
