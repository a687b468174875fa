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
            && test.outerSuites.allSatisfy(JSONBytes.isVerbatim)
    }

    /// Appends the test's line; its bytes must be verbatim. The text is the schema's key sequence
    /// (``PassedTestKeys``), the one ``PlainPassedTest`` recognizes.
    static func append(_ test: PassedTestText, to json: inout JSONBytes) {
        json.literal(PassedTestKeys.lineStart, endsValue: false)
        if test.runIndex != 0 {
            json.literal(PassedTestKeys.runIndex, endsValue: false)
            json.int(test.runIndex)
            json.literal(",", endsValue: false)
        }
        json.literal(PassedTestKeys.identity, endsValue: false)
        if let module = test.module {
            json.literal(PassedTestKeys.module, endsValue: false)
            json.verbatimString(module)
            json.literal(",", endsValue: false)
        }
        if let suite = test.suite {
            json.literal(PassedTestKeys.suites, endsValue: false)
            json.beginArray()
            for outer in test.outerSuites { json.verbatimString(outer) }
            json.verbatimString(suite)
            json.endArray()
            json.literal(",", endsValue: false)
        }
        json.literal(PassedTestKeys.name, endsValue: false)
        json.verbatimString(test.name)
        json.endObject()
        json.literal(PassedTestKeys.passedAttempt, endsValue: true)
        if let start = test.start {
            json.literal(PassedTestKeys.start, endsValue: false)
            json.double(start)
        }
        if let duration = test.duration {
            json.literal(PassedTestKeys.duration, endsValue: false)
            json.double(duration)
        }
        json.literal(PassedTestKeys.lineEnd, endsValue: true)
        json.newline()
    }

    /// The index hash of the test's identity.
    static func hash(_ test: PassedTestText) -> UInt32 {
        var hash = StableHash()
        if let module = test.module {
            hash.add(module)
            hash.add(UInt8(ascii: "/"))
        }
        for outer in test.outerSuites {
            hash.add(outer)
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
