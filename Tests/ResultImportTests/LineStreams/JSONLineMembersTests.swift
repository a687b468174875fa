import Testing

@testable import ResultImport

/// The members of a JSON line, scanned from its bytes, are the values ``JSONPullReader`` reads, or the scanner gives
/// the line up to it: on whole lines, on every prefix of them, and on every one-byte change of them.
@Suite struct JSONLineMembersTests {
    enum Key: String, CaseIterable, Equatable {
        case action = "Action", test = "Test", output = "Output", elapsed = "Elapsed", flag, nothing, empty = ""
    }

    /// Flat lines, which the scanner reads itself.
    static let flatLines = [
        #"{"Action":"pass","Test":"TestA/sub","Elapsed":0.5}"#,
        #"  { "Action" : "output" , "Output" : "=== RUN   TestA\n" , "flag" : true, "nothing": null }  "#,
        #"{"Action":"run","Action":"second","Test":"T","":"empty key"}"#,
        #"{"Output":"tab\there \"quoted\" \\ \/ \u00e9 \ud83d\ude00 \uD800x","Elapsed":-1.25e-3}"#,
        #"{"Test":"ünïcödé","Elapsed":12345678901234567890,"flag":false}"#,
        #"{"Elapsed":--1,"Test":""}"#,
        "{}",
        "{\"Test\":\"raw\u{1}control\"}\r",
    ]

    /// Lines the scanner gives up on: nested values, escaped names, damage.
    static let otherLines = [
        #"{"Action":"pass","Test":{"nested":[1,2,{"x":null}]},"Elapsed":1}"#,
        #"{"Act\u0069on":"escaped name"}"#,
        #"{"Action":"pass",}"#,
        #"{"Action":"pass" "Test":"x"}"#,
        #"{"Elapsed":1x}"#,
        #"{"Output":"bad \u12G4 escape"}"#,
        #"{"Action":tru}"#,
        #"{"Action":"pass"} trailing"#,
        #"["not", "an object"]"#,
    ]

    /// What the pull reader reads of `line`: the first value of each key, or `nil` when it refuses the line.
    private func pulled(_ line: UnsafeBufferPointer<UInt8>) -> [Key: JSONValue]? {
        var reader = JSONPullReader(line)
        var values: [Key: JSONValue] = [:]
        do {
            try reader.readObject { reader, name in
                let value = try reader.readValue()
                if let key = Key(rawValue: name), values[key] == nil { values[key] = value }
            }
            guard reader.isAtEnd() else { return nil }
        } catch {
            return nil
        }
        return values
    }

    /// Checks that scanning `line` gives the pull reader's values, or gives up; returns whether it scanned.
    @discardableResult
    private func checkScan(_ line: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let members = JSONLineMembers<Key>()
        return line.withUnsafeBufferPointer { bytes in
            guard members.scan(bytes) else { return false }
            let expected = pulled(bytes)
            #expect(
                expected != nil, "scanned a line the pull reader refuses: \(String(decoding: line, as: UTF8.self))",
                sourceLocation: sourceLocation)
            for key in Key.allCases {
                #expect(
                    members[key]?.value == expected?[key], "\(key) of \(String(decoding: line, as: UTF8.self))",
                    sourceLocation: sourceLocation)
                #expect(members[key].text == expected?[key].flatMap(text), sourceLocation: sourceLocation)
                #expect(members[key]?.double == expected?[key]?.double, sourceLocation: sourceLocation)
            }
            return true
        }
    }

    private func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .number(let number): String(number)
        default: nil
        }
    }

    @Test(arguments: flatLines)
    func aFlatLineIsScannedToThePullReadersValues(line: String) {
        #expect(checkScan(Array(line.utf8)))
    }

    @Test(arguments: otherLines)
    func anyOtherLineIsLeftToThePullReader(line: String) {
        #expect(!checkScan(Array(line.utf8)))
    }

    @Test(arguments: flatLines + otherLines)
    func everyPrefixAndEveryChangedByteScansAsThePullReaderReadsOrNotAtAll(line: String) {
        let bytes = Array(line.utf8)
        for end in 0..<bytes.count { checkScan(Array(bytes[..<end])) }
        for index in bytes.indices {
            for replacement in [
                UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: ","), 0x20, 0x31,
            ] {
                var changed = bytes
                changed[index] = replacement
                checkScan(changed)
            }
        }
    }

    @Test func aLineReadByThePullReaderKeepsItsFirstMembers() throws {
        let members = JSONLineMembers<Key>()
        var lines = JSONLines(fileName: "x.json")
        let text = Array(#"{"Action":"pass","Test":{"nested":true},"Action":"later","Elapsed":2}"#.utf8)
        let read = text.withUnsafeBufferPointer {
            lines.read(LineReader.Line(bytes: $0, number: 1, byteOffset: 0, isPiece: false), into: members)
        }
        #expect(read)
        #expect(members[.action].text == "pass" && members[.elapsed]?.double == 2)
        #expect(members[.test]?.value == .object([("nested", .bool(true))]))
        #expect(lines.diagnostics.isEmpty)
    }
}
