import Foundation
import ResultModel

/// A libtest test's identity. cargo-nextest names a test `crate::binary$path::to::test` (the crate and binary are
/// the module), with `#N` after a test it ran N times (retries); cargo's own runner names only `path::to::test`
/// (no module: the binary is not named in the stream). Each `::` part before the last is a suite. A doc test
/// (`src/lib.rs - add (line 3)`) keeps its whole name.
enum LibTestName {
    static func identity(_ name: String) -> TestIdentity { parse(name).identity }

    /// The identity, and how many times nextest ran the test (1 without a `#N` suffix).
    static func parse(_ name: String) -> (identity: TestIdentity, runs: Int) {
        var module: String?
        var path = name[...]
        var runs = 1
        if let dollar = name.firstIndex(of: "$") {
            module = String(name[..<dollar])
            path = name[name.index(after: dollar)...]
            if let hash = path.lastIndex(of: "#"), let count = Int(path[path.index(after: hash)...]), count > 1 {
                runs = count
                path = path[..<hash]
            }
        }
        if isDocTest(path) { return (TestIdentity(module: module, name: String(path)), runs) }
        let parts = path.components(separatedBy: "::")
        return (TestIdentity(module: module, suites: Array(parts.dropLast()), name: parts.last ?? String(path)), runs)
    }

    /// Whether `name` is a doc test's (`file - item (line N)`).
    static func isDocTest(_ name: Substring) -> Bool {
        name.contains(" - ") && name.hasSuffix(")") && name.contains("(line ")
    }
}
