import Foundation
import ResultModel

/// Stable, safe file names inside the report folder. Paths come from a test's identity, never its position,
/// so links survive reruns; every name is reduced to `[A-Za-z0-9._-]` and bounded, so no name from a test can
/// reach outside the folder.
public enum ReportPaths {
    /// `tests/<readable part>-<hash>.html` for a test of a run (run 0 keeps the plain path).
    public static func testPage(id: String, runIndex: Int) -> String {
        testPage(id: id, hash: testHash(id: id, runIndex: runIndex))
    }

    /// The anchor of a test's row in the list pages: `t-` and 8 characters from the hash its page is named by.
    public static func anchor(id: String, runIndex: Int) -> String {
        anchor(hash: testHash(id: id, runIndex: runIndex))
    }

    /// The anchor of a row for a ``testHash(id:runIndex:)`` already computed (see ``OutputBuffer/appendAnchor(_:)``).
    static func anchor(hash: UInt64) -> String {
        var buffer = OutputBuffer(capacity: 10)
        buffer.appendAnchor(hash)
        return buffer.string
    }

    /// The 64 characters of anchors, safe in an `id`, a URL fragment and an unquoted attribute.
    static let anchorAlphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_".utf8)

    /// The hash both a test's page and its anchor are named by.
    static func testHash(id: String, runIndex: Int) -> UInt64 {
        StableHash.of(runIndex == 0 ? id : "\(runIndex)/\(id)")
    }

    /// ``testHash(id:runIndex:)`` of `identity.id`, without joining the id's parts into a string first.
    static func testHash(_ identity: TestIdentity, runIndex: Int) -> UInt64 {
        var hash = StableHash()
        if runIndex != 0 { hash.add("\(runIndex)/") }
        hash.add(identity)
        return hash.value
    }

    /// `tests/<readable part>-<hash>.html`, for a ``testHash(id:runIndex:)`` already computed.
    static func testPage(id: String, hash: UInt64) -> String {
        "tests/\(sanitize(id, limit: 60))-\(hex(hash)).html"
    }

    /// `attachments/<digest prefix>-<sanitized name>`, kept only when its extension is a safe one and its media
    /// type is not a document (``ActiveContent``); otherwise the extension of its media type is added when that is
    /// a safe one (`screen` of type `image/png` → `screen.png`), else `.txt`: opened from the report, such an
    /// attachment is shown as plain text, so its script never runs on the report's origin.
    public static func attachment(name: String, sha256: String, mediaType: String = "") -> String {
        let digest = String(sha256.filter(\.isHexDigit).prefix(16))
        let file = "\(digest)-\(sanitize(name, limit: 80))"
        guard ActiveContent.isActive(fileName: file, mediaType: mediaType) else { return "attachments/" + file }
        let isDocument = ActiveContent.isActive(fileName: "x.txt", mediaType: mediaType)
        let safe = isDocument ? nil : ActiveContent.safeExtension(forMediaType: mediaType)
        return "attachments/" + file + "." + (safe ?? "txt")
    }

    /// `name` reduced to letters, digits, `.`, `_` and `-`, with no leading dot and no `..`, at most `limit`
    /// characters: every other character becomes `_`, each pair of dots becomes `_`, and a leading dot is dropped.
    public static func sanitize(_ name: String, limit: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(limit, name.utf8.count))
        var dots = 0
        func flushDots() {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "_"), count: dots / 2))
            if dots % 2 == 1 { bytes.append(UInt8(ascii: ".")) }
            dots = 0
        }
        for scalar in name.unicodeScalars.prefix(limit) {
            let value = scalar.value
            if value == 0x2E {
                dots += 1
                continue
            }
            flushDots()
            let isSafe =
                (0x61...0x7A).contains(value) || (0x41...0x5A).contains(value) || (0x30...0x39).contains(value)
                || value == 0x5F || value == 0x2D
            bytes.append(isSafe ? UInt8(value) : UInt8(ascii: "_"))
        }
        flushDots()
        if bytes.first == UInt8(ascii: ".") { bytes.removeFirst() }
        return bytes.isEmpty ? "item" : String(decoding: bytes, as: UTF8.self)
    }

    /// The ``ResultModel/StableHash`` of `text` in 16 hexadecimal digits.
    public static func hash(_ text: String) -> String { hex(StableHash.of(text)) }

    /// `value` in 16 lowercase hexadecimal digits.
    static func hex(_ value: UInt64) -> String {
        var buffer = OutputBuffer(capacity: 16)
        buffer.appendHex(value)
        return buffer.string
    }
}
