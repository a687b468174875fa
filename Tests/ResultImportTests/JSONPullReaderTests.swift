import Testing

@testable import ResultImport

@Suite struct JSONPullReaderTests {
    private func value(_ text: String) throws -> JSONValue {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONPullReader(buffer)
            let value = try reader.readValue()
            let atEnd = reader.isAtEnd()
            #expect(atEnd)
            return value
        }
    }

    private func error(_ text: String) -> JSONReadError? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONPullReader(buffer)
            do {
                _ = try reader.readValue()
                return nil
            } catch {
                return error as? JSONReadError
            }
        }
    }

    @Test func objectsKeepOrderAndNumbersKeepTheirText() throws {
        let parsed = try value(#"{"b": 18446744073709551616, "a": [true, null, "x\n\u00e9\ud83d\ude00"], "b": 2}"#)
        #expect(parsed.members?.map(\.key) == ["b", "a", "b"])
        #expect(parsed["b"] == .number("18446744073709551616"))
        #expect(parsed["b"]?.int == nil)
        #expect(parsed["a"]?.array?[2].string == "x\n\u{E9}\u{1F600}")
    }

    @Test func aDamagedDocumentNamesTheLineAndColumn() throws {
        let failure = try #require(error("{\n  \"a\": 1,\n  \"b\" 2\n}"))
        #expect(failure.line == 3)
        #expect(failure.column == 7)
        #expect(failure.message.contains("':' after a member name"))
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let failure = try #require(error(String(repeating: "[", count: 100_000)))
        #expect(failure.message.contains("nests deeper"))
    }

    @Test func aCutAtEveryByteIsAnErrorOrTheWholeValue() {
        let text = #"{"tests": [{"name": "a\"b", "time": 1.5e-3, "ok": false}], "n": -2}"#
        for end in 0..<text.utf8.count {
            #expect(error(String(decoding: Array(text.utf8)[0..<end], as: UTF8.self)) != nil)
        }
    }

    @Test func anUnknownEscapeIsKeptAsWrittenAsWindowsPathsInLibtestNamesAre() throws {
        #expect(try value(#""src\lib.rs - f (line 3)""#).string == #"src\lib.rs - f (line 3)"#)
    }

    @Test func membersComeAsNamesComparedByTheirBytesEscapedOrNot() throws {
        let bytes = Array(
            #"{"plain": 1, "esc\u0061ped": "x", "skipped": {"a": [1, {"b": "\""}], "n": -2e3}, "list": ["a", 2, "b"], "last": null}"#
                .utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONPullReader(buffer)
            var seen: [String] = []
            try reader.readMembers { reader, key in
                seen.append(key.string)
                if key.is("escaped") {
                    #expect(try reader.readStringIfAny() == "x")
                } else if key.is("list") {
                    #expect(try reader.readStrings() == ["a", "b"])
                } else if key.is("plain") {
                    #expect(try reader.readStringIfAny() == nil)
                } else {
                    try reader.skipValue()
                }
            }
            #expect(seen == ["plain", "escaped", "skipped", "list", "last"])
            let atEnd = reader.isAtEnd()
            #expect(atEnd)
        }
    }

    @Test func skippingAValueFindsTheSameDamageAsReadingIt() {
        for text in [
            #"{"a": {"b" 1}}"#, #"{"a": [1, 2"#, #"{"a": {"b": tru}}"#, #"{"a": {"b": "x}}"#, #"{"a": {7: 1}}"#,
        ] {
            let bytes = Array(text.utf8)
            let skipped: JSONReadError? = bytes.withUnsafeBufferPointer { buffer in
                var reader = JSONPullReader(buffer)
                do {
                    try reader.skipValue()
                    return nil
                } catch {
                    return error as? JSONReadError
                }
            }
            #expect(skipped != nil, "\(text)")
            #expect(skipped?.message == error(text)?.message, "\(text)")
            #expect(skipped?.byteOffset == error(text)?.byteOffset, "\(text)")
        }
    }
}
