import ResultImport

/// One coverage format: how it is recognised from its content and how it is read.
///
/// Each format lives in its own folder under `Formats/` and is listed once in ``CoverageFormatRegistry``, the
/// design of ResultImport's `ResultFormat` and `FormatRegistry`: detection and the documentation's table come
/// from that list, so nothing else needs to know a format.
public protocol CoverageFormat: Sendable {
    /// The format's name, as diagnostics show it (`lcov`, `cobertura`).
    var name: String { get }
    /// What the format is and who writes it, in one line.
    var summary: String { get }
    /// Whether the input, as far as its beginning shows, is in this format.
    func recognizes(_ probe: FormatProbe) -> Bool
    /// Reads the whole input into `context`; a malformed input throws, with the place of the problem.
    func read(_ input: ImportInput, into context: CoverageInputContext) throws
    /// Whether repeats of a line within one input are separate executions whose counts add up (lcov's records of
    /// several tests) rather than one execution listed twice (a Cobertura file naming a line in two classes).
    var sumsRepeatedLines: Bool { get }
}
