import ResultModel

/// Writes a ``ResultModel/PassedTestText`` as a record line and hashes its identity, straight from its bytes: the
/// same line ``RecordLineCodec/appendTest(_:to:)`` writes for ``ResultModel/PassedTestText/record``, and the same
/// hash ``BundleIndex/hash(_:)-(TestIdentity)`` gives its identity.
enum PassedTestLine {
    /// Whether the test's bytes are written as they are (see ``JSONBytes/isVerbatim(_:)``); other tests are
    /// written from their record.
    static func isVerbatim(_ test: PassedTestText) -> Bool {
        JSONBytes.isVerbatim(test.name)
            && (test.suite.map(JSONBytes.isVerbatim) ?? true)
            && (test.module.map(JSONBytes.isVerbatim) ?? true)
    }

    /// Appends the test's line; its bytes must be verbatim.
    static func append(_ test: PassedTestText, to json: inout JSONBytes) {
        json.literal(#"{"kind":"test","test":{"#, endsValue: false)
        if test.runIndex != 0 {
            json.key("runIndex")
            json.int(test.runIndex)
        }
        json.key("identity")
        json.beginObject()
        if let module = test.module {
            json.key("module")
            json.verbatimString(module)
        }
        if let suite = test.suite {
            json.key("suites")
            json.beginArray()
            json.verbatimString(suite)
            json.endArray()
        }
        json.key("name")
        json.verbatimString(test.name)
        json.endObject()
        json.literal(#","attempts":[{"status":"passed""#, endsValue: true)
        json.field("start", test.start)
        json.field("duration", test.duration)
        json.literal("}]}}", endsValue: true)
        json.newline()
    }

    /// The index hash of the test's identity.
    static func hash(_ test: PassedTestText) -> UInt32 {
        var hash = StableHash()
        if let module = test.module {
            hash.add(module)
            hash.add(UInt8(ascii: "/"))
        }
        if let suite = test.suite {
            hash.add(suite)
            hash.add(UInt8(ascii: "/"))
        }
        hash.add(test.name)
        return UInt32(truncatingIfNeeded: hash.value)
    }
}
