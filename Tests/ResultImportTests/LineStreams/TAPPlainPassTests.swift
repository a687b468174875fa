import Testing

@testable import ResultImport

/// A line read as a plain pass is the point ``TAPPoint`` reads from it: `ok`, the same number and description, no
/// directive; and every line that is such a point with a description in ASCII is read as one.
@Suite struct TAPPlainPassTests {
    static let points = [
        "ok 1 - plain", "ok 2 plain without dash", "ok - no number", "ok 3 -   spaced   ", "ok\t4\t- tabbed",
        "ok 5 -", "ok 6 - ", "ok", "ok 7", "okay 8 - not a point", "ok 9 - skip # SKIP not now", "ok 10 - esc \\# hash",
        "ok 11 - block {", "ok 12 - {", "ok 13 - brace{", "ok 14 - ünï", "ok 15 - cr\r", "not ok 16 - fails",
        "ok 99999999999999999999999 - huge", "ok 0017 - leading zeros", "ok -5 - negative", "ok 18 -- double dash",
        "ok 19 -\tdash tab", "ok#20", "ok 21 - trailing tab\t",
    ]

    @Test(arguments: points)
    func aPlainPassIsThePointItsLineIs(line: String) throws {
        let bytes = Array(line.utf8)
        guard let plain = bytes.withUnsafeBufferPointer({ TAPPlainPass($0) }) else {
            if let point = TAPPoint(line[...]) {
                #expect(
                    !point.isOK || point.directive != .none || point.opensBlock || point.description.isEmpty
                        || line.contains("\\") || line.contains("#") || !line.utf8.allSatisfy { $0 < 0x80 }
                        || line.contains("\r"), "\(line) is a plain pass")
            }
            return
        }
        let point = try #require(TAPPoint(line[...]))
        #expect(point.isOK && point.directive == .none && !point.opensBlock)
        #expect(point.number == plain.number)
        #expect(point.description == String(decoding: bytes[plain.description], as: UTF8.self))
    }
}
