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
        // Searched as bytes: `$` and `#` are ASCII, and a walk by Character costs more than the rest of the line. A
        // `$` that a combining mark joins is no `$` Character: then the search is by Character after all.
        let byte = name.utf8.firstIndex(of: UInt8(ascii: "$"))
        if let dollar = byte.flatMap({ name[$0] == "$" ? $0 : nil }) ?? (byte == nil ? nil : name.firstIndex(of: "$")) {
            module = String(name[..<dollar])
            path = name[name.utf8.index(after: dollar)...]
            if let hash = path.utf8.lastIndex(of: UInt8(ascii: "#")),
                let count = Int(path[path.utf8.index(after: hash)...]), count > 1
            {
                runs = count
                path = path[..<hash]
            }
        }
        if isDocTest(path) { return (TestIdentity(module: module, name: String(path)), runs) }
        var parts = parts(of: path)
        let last = parts.removeLast()
        return (TestIdentity(module: module, suites: parts, name: last), runs)
    }

    /// `path` split at each `::`, left to right (as `components(separatedBy:)`, without its cost per test).
    private static func parts(of path: Substring) -> [String] {
        var parts: [String] = []
        let bytes = path.utf8
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            let next = bytes.index(after: index)
            if bytes[index] == UInt8(ascii: ":"), next != bytes.endIndex, bytes[next] == UInt8(ascii: ":") {
                parts.append(String(path[start..<index]))
                index = bytes.index(after: next)
                start = index
            } else {
                index = next
            }
        }
        parts.append(String(path[start..<bytes.endIndex]))
        return parts
    }

    /// Whether `name` is a doc test's (`file - item (line N)`).
    static func isDocTest(_ name: Substring) -> Bool {
        // Most names do not end with `)`; the byte test spares them the searches.
        guard name.utf8.last == UInt8(ascii: ")") else { return false }
        return name.contains(" - ") && name.hasSuffix(")") && name.contains("(line ")
    }
}

extension LibTestName {
    /// The parts ``parse(_:)`` finds in a name of one run (no retry count above 1) written in ASCII, found in its
    /// bytes: the module's range, if it has one, and the ranges of its suites and name (the name last), in `parts`.
    /// `false` for any other name, which ``parse(_:)`` reads.
    static func plainParts(
        of name: UnsafeBufferPointer<UInt8>, module: inout Range<Int>?, parts: inout [Range<Int>]
    ) -> Bool {
        module = nil
        parts.removeAll(keepingCapacity: true)
        guard name.allSatisfy({ $0 < 0x80 }) else { return false }
        var start = 0
        if let dollar = name.firstIndex(of: UInt8(ascii: "$")) {
            module = 0..<dollar
            start = dollar + 1
            if let hash = name[start...].lastIndex(of: UInt8(ascii: "#")),
                let count = Int(String(decoding: UnsafeBufferPointer(rebasing: name[(hash + 1)...]), as: UTF8.self)),
                count > 1
            {
                return false
            }
        }
        let path = UnsafeBufferPointer(rebasing: name[start...])
        if isDocTest(path) {
            parts.append(start..<name.count)
            return true
        }
        var index = start
        var partStart = start
        while index < name.count {
            if name[index] == UInt8(ascii: ":"), index + 1 < name.count, name[index + 1] == UInt8(ascii: ":") {
                parts.append(partStart..<index)
                index += 2
                partStart = index
            } else {
                index += 1
            }
        }
        parts.append(partStart..<name.count)
        return true
    }

    /// ``isDocTest(_:)`` of an ASCII name's bytes.
    private static func isDocTest(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard name.last == UInt8(ascii: ")") else { return false }
        return name.contains(" - ") && name.contains("(line ")
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the bytes hold `text`'s (ASCII) bytes somewhere.
    fileprivate func contains(_ text: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        guard needle.count <= count else { return false }
        for start in 0...(count - needle.count)
        where self[start] == needle[0] && self[start..<start + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }
}
