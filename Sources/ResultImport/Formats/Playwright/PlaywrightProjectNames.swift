/// The distinct values of the `"projectName"` members of a Playwright report, found by scanning its bytes before
/// it is read: whether the tests ran in one project or several decides, before the first test is written, whether
/// projects become runs of their own.
enum PlaywrightProjectNames {
    private static let key = Array("\"projectName\"".utf8)

    /// The names, decoded only as far as plain text goes (an escaped name is kept with its escapes: it is only
    /// told apart from the others).
    ///
    /// - Complexity: O(n) in the size of the document.
    static func distinct(in bytes: [UInt8]) -> Set<String> {
        var names: Set<String> = []
        var index = 0
        let first = key[0]
        while index + key.count <= bytes.count {
            guard bytes[index] == first, bytes[index..<index + key.count].elementsEqual(key) else {
                index += 1
                continue
            }
            index += key.count
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ":")].contains(bytes[index]) {
                index += 1
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { continue }
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            names.insert(String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self))
        }
        return names
    }
}
