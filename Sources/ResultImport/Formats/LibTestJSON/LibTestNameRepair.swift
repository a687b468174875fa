import ResultSupport

/// libtest on Windows wrote doc-test names with their backslashes unescaped (`"name": "src\lib.rs - add (line 3)"`),
/// which is not JSON. Such a name is read as written: every backslash in the `name` value is doubled before the
/// line is parsed, so `src\tests\a.rs` keeps its `\t` rather than turning it into a tab.
enum LibTestNameRepair {
    /// The line with its name's backslashes escaped, when the name holds a backslash that escapes nothing valid;
    /// `nil` when the line needs no repair.
    static func repaired(_ line: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard let range = nameValue(in: line) else { return nil }
        var invalid = false
        var index = range.lowerBound
        while index < range.upperBound {
            if line[index] == UInt8(ascii: "\\") {
                let next = index + 1 < range.upperBound ? line[index + 1] : 0
                if !"\"\\/bfnrtu".utf8.contains(next) { invalid = true }
                index += 2
            } else {
                index += 1
            }
        }
        guard invalid else { return nil }
        var bytes = Array(line[..<range.lowerBound])
        for byte in line[range] {
            bytes.append(byte)
            if byte == UInt8(ascii: "\\") { bytes.append(byte) }
        }
        bytes.append(contentsOf: line[range.upperBound...])
        return bytes
    }

    /// The bytes between the quotes of the `"name"` member's value (a doc-test name holds no quote).
    private static func nameValue(in line: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard let key = line.firstRange(of: "\"name\"") else { return nil }
        var index = key.upperBound
        while index < line.count, line[index] == 0x20 || line[index] == UInt8(ascii: ":") { index += 1 }
        guard index < line.count, line[index] == UInt8(ascii: "\"") else { return nil }
        let open = index + 1
        guard let close = line.firstIndex(of: UInt8(ascii: "\""), from: open) else { return nil }
        return open..<close
    }
}
