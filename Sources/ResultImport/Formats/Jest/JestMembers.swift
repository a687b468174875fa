/// What the importer reads of one element of a Jest report's `testResults` (a test file): its tests, and the
/// members Jest writes after them (the file's name and start). Where a name repeats, the first member counts, as in
/// ``JSONValue``'s lookups.
struct JestFile {
    /// The first `assertionResults`, when it is an array.
    var assertions: [JestAssertion] = []
    var name: String?
    var testFilePath: String?
    /// `startTime`, in seconds.
    var start: Double?
    var status: String?
    /// Whether `testExecError` is there and not `null`.
    var hasExecError = false
    var execErrorMessage: String?
    var failureMessage: String?
    var message: String?

    /// Reads the file's object (the reader must be at it).
    init(_ reader: inout JSONPullReader) throws {
        var seen = FirstMembers()
        try reader.readMembers { reader, key in
            if key.is("name"), seen.first(0) {
                name = try reader.readStringIfAny()
            } else if key.is("testFilePath"), seen.first(1) {
                testFilePath = try reader.readStringIfAny()
            } else if key.is("startTime"), seen.first(2) {
                start = try reader.readValue().double.map { $0 / 1000 }
            } else if key.is("status"), seen.first(3) {
                status = try reader.readStringIfAny()
            } else if key.is("testExecError"), seen.first(4) {
                let error = try reader.readValue()
                hasExecError = !error.isNull
                execErrorMessage = error["message"]?.string
            } else if key.is("failureMessage"), seen.first(5) {
                failureMessage = try reader.readStringIfAny()
            } else if key.is("message"), seen.first(6) {
                message = try reader.readStringIfAny()
            } else if key.is("assertionResults"), seen.first(7), try reader.peek() == .array {
                try reader.readArray { reader, _ in assertions.append(try JestAssertion(&reader)) }
            } else {
                try reader.skipValue()
            }
        }
    }
}

/// What the importer reads of one element of a file's `assertionResults` (a test); a value that is not an object
/// reads as a test that says nothing, as ``JSONValue``'s lookups see it.
struct JestAssertion {
    var status: String?
    var title: String?
    var fullName: String?
    var ancestorTitles: [String] = []
    var failureMessages: [String] = []
    var retryReasons: [String] = []
    /// `duration`, in milliseconds.
    var duration: Double?
    var line: Int?
    var column: Int?

    /// Whether the test, whose status reads as `word`, passed on its only attempt with nothing to say but its
    /// duration: it can be written from bytes (``JSONReportSession/addPassed(_:start:duration:word:)``).
    func isPlainPass(_ word: String) -> Bool {
        (word == "passed" || word == "focused") && failureMessages.isEmpty && retryReasons.isEmpty && line == nil
    }

    init(_ reader: inout JSONPullReader) throws {
        var fullNameReader: JSONPullReader?
        defer {
            if title == nil, var fullNameReader { fullName = try? fullNameReader.readStringIfAny() }
        }
        guard try reader.peek() == .object else {
            try reader.skipValue()
            return
        }
        var seen = FirstMembers()
        try reader.readMembers { reader, key in
            if key.is("status"), seen.first(0) {
                status = try reader.readStringIfAny()
            } else if key.is("title"), seen.first(1) {
                title = try reader.readStringIfAny()
            } else if key.is("fullName"), seen.first(2) {
                // Read only when there is no title (rarely): kept as where it starts.
                fullNameReader = reader
                try reader.skipValue()
            } else if key.is("ancestorTitles"), seen.first(3) {
                ancestorTitles = try reader.readStrings()
            } else if key.is("failureMessages"), seen.first(4) {
                failureMessages = try reader.readStrings()
            } else if key.is("retryReasons"), seen.first(5) {
                retryReasons = try reader.readStrings()
            } else if key.is("duration"), seen.first(6) {
                duration = try reader.readValue().double
            } else if key.is("location"), seen.first(7) {
                let location = try reader.readValue()
                line = location["line"]?.int
                column = location["column"]?.int
            } else {
                try reader.skipValue()
            }
        }
    }
}

/// Which of up to 64 member names were seen in an object, so that only the first of a repeated name is read.
struct FirstMembers {
    private var bits: UInt64 = 0

    /// Whether member `index` is seen for the first time (and notes it).
    mutating func first(_ index: Int) -> Bool {
        let bit: UInt64 = 1 << UInt64(index)
        defer { bits |= bit }
        return bits & bit == 0
    }
}
