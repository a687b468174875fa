/// Turns the test names XCTest prints into identities: `Class.testX` (Linux), `-[Module.Class testX]` (Xcode),
/// `Class.testX()` (Xcode parallel testing), and `Module.Class/testX`: the one parser of XCTest names, for the
/// console importer and for the recorder (`XCTestCase.name`), so a recorded test's data finds the test `record` parsed.
package enum XCTestTestName {
    /// The identity for a printed name. When its suite is `previous`'s (the usual case: tests of a class run one
    /// after another), `previous`'s suites array is shared instead of building another.
    package static func identity(_ printed: String, reusingSuitesOf previous: TestIdentity? = nil) -> TestIdentity {
        if printed.hasPrefix("-["), printed.hasSuffix("]") {
            let inner = printed.dropFirst(2).dropLast()
            let parts = inner.split(separator: " ", maxSplits: 1)
            let test = parts.count > 1 ? String(parts[1]) : ""
            return classIdentity(String(parts.first ?? ""), test: test)
        }
        // The common Linux form `Class.testMethod`, split on its bytes (much faster than Character indexing).
        let split = printed.utf8.withContiguousStorageIfAvailable { bytes -> TestIdentity? in
            guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return nil }
            let suiteBytes = UnsafeBufferPointer(rebasing: bytes[..<dot])
            let name = stripCall(String(decoding: UnsafeBufferPointer(rebasing: bytes[(dot + 1)...]), as: UTF8.self))
            if let previous, previous.module == nil, previous.suites.count == 1,
                previous.suites[0].utf8.withContiguousStorageIfAvailable({ $0.elementsEqual(suiteBytes) }) == true
            {
                return TestIdentity(suites: previous.suites, name: name)
            }
            return TestIdentity(suites: [String(decoding: suiteBytes, as: UTF8.self)], name: name)
        }
        if let split { return split ?? TestIdentity(name: stripCall(printed)) }
        let utf8 = printed.utf8
        guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")) else { return TestIdentity(name: stripCall(printed)) }
        let suite = String(Substring(utf8[..<dot]))
        let name = String(Substring(utf8[utf8.index(after: dot)...]))
        return TestIdentity(suites: [suite], name: stripCall(name))
    }

    /// Where the suite and the name are in a printed name's bytes, split as ``identity(_:reusingSuitesOf:)``
    /// splits it; `nil` for Xcode's `-[Module.Class test]` form, which also names a module.
    package static func parts(of printed: UnsafeBufferPointer<UInt8>) -> (suite: Range<Int>?, name: Range<Int>)? {
        if printed.starts(with: "-[".utf8), printed.last == UInt8(ascii: "]") { return nil }
        var nameEnd = printed.count
        if printed.count >= 2, printed[nameEnd - 2] == UInt8(ascii: "("), printed[nameEnd - 1] == UInt8(ascii: ")") {
            nameEnd -= 2
        }
        guard let dot = printed.lastIndex(of: UInt8(ascii: ".")) else { return (nil, 0..<nameEnd) }
        return (0..<dot, (dot + 1)..<max(dot + 1, nameEnd))
    }

    /// `Module.Class` with a test name: the module is the part before the first dot, when there is one.
    private static func classIdentity(_ qualified: String, test: String) -> TestIdentity {
        let name = stripCall(test)
        guard let dot = qualified.firstIndex(of: ".") else { return TestIdentity(suites: [qualified], name: name) }
        return TestIdentity(
            module: String(qualified[..<dot]),
            suites: [String(qualified[qualified.index(after: dot)...])],
            name: name
        )
    }

    /// `testX()` → `testX`.
    private static func stripCall(_ name: String) -> String {
        guard name.utf8.last == UInt8(ascii: ")"), name.hasSuffix("()") else { return name }
        return String(name.dropLast(2))
    }

    /// The identity for `Module.Class/test`, as `swift test --parallel` lists tests.
    package static func identity(listed: String) -> TestIdentity {
        guard let slash = listed.lastIndex(of: "/") else { return identity(listed) }
        return classIdentity(String(listed[..<slash]), test: String(listed[listed.index(after: slash)...]))
    }

}
