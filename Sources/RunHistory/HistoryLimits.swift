/// What a history may hold (docs/HISTORY.md), so that a hostile or runaway file cannot exhaust memory or make a
/// report of gigabytes.
public enum HistoryLimits {
    /// The most test keys a history's table may hold: room for a run of ten million tests and its growth, which
    /// `history add` writes in flat memory. A larger table is refused by readers and by `history add`. Readers
    /// that decode the table whole (`history show`, `--history` of the report, the summary and `compare`) need
    /// about 100 bytes a key: 2,000,000 keys cost about 200 MB.
    public static let maxKeys = 16_000_000
    /// The most bytes of a run's name, commit or branch that are kept (longer ones are cut when written and when
    /// read, ending in `…`): a real commit, branch or run name is far shorter, and every strip of a report
    /// repeats them in its links.
    public static let maxFactBytes = 1024
    /// The longest facts line (a run's JSON) a reader decodes; a run with a longer one is skipped as damaged.
    /// Writers cut each field to ``maxFactBytes``, so a line is a few KiB at most.
    public static let maxFactsLineBytes = 64 << 10
    /// The longest run link (`--run-url`) a report carries; a longer one is left out.
    public static let maxRunURLBytes = 2048
    /// The most bytes of checksums the reader computes while looking for the next valid frame after damage, per
    /// byte of the file (plus 1 MiB): a file made of frame headers cannot make the search quadratic.
    static let resynchronisationWorkPerByte = 8

    /// `text` cut to at most `maxBytes` bytes of UTF-8 at a character boundary, ending in `…` when cut.
    public static func cut(_ text: String, maxBytes: Int = maxFactBytes) -> String {
        guard text.utf8.count > maxBytes else { return text }
        var result = ""
        var bytes = 0
        for character in text {
            let size = character.utf8.count
            guard bytes + size <= maxBytes - 3 else { break }
            result.append(character)
            bytes += size
        }
        return result + "…"
    }
}
