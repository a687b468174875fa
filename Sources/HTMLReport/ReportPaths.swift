import Foundation
import ResultModel

/// Stable, safe file names inside the report folder. Paths come from a test's identity, never its position,
/// so links survive reruns; every name is reduced to `[A-Za-z0-9._-]` and bounded, so no name from a test can
/// reach outside the folder.
public enum ReportPaths {
    /// `tests/<readable part>-<hash>.html` for a test of a run (run 0 keeps the plain path).
    public static func testPage(id: String, runIndex: Int) -> String {
        let key = runIndex == 0 ? id : "\(runIndex)/\(id)"
        return "tests/\(sanitize(id, limit: 60))-\(hash(key)).html"
    }

    /// The anchor of a test's row in the list pages.
    public static func anchor(id: String, runIndex: Int) -> String {
        "t-" + hash(runIndex == 0 ? id : "\(runIndex)/\(id)")
    }

    /// `attachments/<digest prefix>-<sanitized name>`.
    public static func attachment(name: String, sha256: String) -> String {
        let digest = String(sha256.filter(\.isHexDigit).prefix(16))
        return "attachments/\(digest)-\(sanitize(name, limit: 80))"
    }

    /// `name` reduced to letters, digits, `.`, `_` and `-`, with no leading dot, at most `limit` characters.
    public static func sanitize(_ name: String, limit: Int) -> String {
        var result = ""
        var count = 0
        for scalar in name.unicodeScalars {
            guard count < limit else { break }
            count += 1
            let value = scalar.value
            let isSafe =
                (0x61...0x7A).contains(value) || (0x41...0x5A).contains(value) || (0x30...0x39).contains(value)
                || value == 0x2E || value == 0x5F || value == 0x2D
            result.append(isSafe ? Character(scalar) : "_")
        }
        while result.contains("..") { result = result.replacingOccurrences(of: "..", with: "_") }
        while result.hasPrefix(".") { result.removeFirst() }
        return result.isEmpty ? "item" : result
    }

    /// A 64-bit FNV-1a hash of `text` in 16 hexadecimal digits.
    public static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
