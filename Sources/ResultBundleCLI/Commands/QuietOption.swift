import ArgumentParser

/// `--quiet`, for the commands that end with a status line (import, report, junit, merge): one declaration, so the
/// flag reads and behaves the same in each.
struct QuietOption: ParsableArguments {
    @Flag(help: "Print nothing but errors.")
    var quiet = false
}
