import Foundation
import ResultModel

/// A libtest test's identity. cargo-nextest names a test `binary-id$path::to::test` (the binary id is the
/// module); cargo's own runner names only `path::to::test` (no module: the binary is not named in the stream).
/// Each `::` part before the last is a suite. A doc test (`src/lib.rs - add (line 3)`) keeps its whole name.
enum LibTestName {
    static func identity(_ name: String) -> TestIdentity {
        var module: String?
        var path = name[...]
        if let dollar = name.firstIndex(of: "$") {
            module = String(name[..<dollar])
            path = name[name.index(after: dollar)...]
        }
        if isDocTest(path) { return TestIdentity(module: module, name: String(path)) }
        let parts = path.components(separatedBy: "::")
        return TestIdentity(module: module, suites: Array(parts.dropLast()), name: parts.last ?? String(path))
    }

    /// Whether `name` is a doc test's (`file - item (line N)`).
    static func isDocTest(_ name: Substring) -> Bool {
        name.contains(" - ") && name.hasSuffix(")") && name.contains("(line ")
    }
}
