import ResultModel

/// The lines of a JSON-lines stream (test2json, libtest, pytest's report log, Dart's JSON reporter), each read as
/// one small ``JSONValue``: memory stays that of one line, whatever the stream's length.
///
/// Lines that do not start with `{` are text printed around the stream (a build log before it, a test's own
/// output between events) and are handed back as `nil`. A line that starts like an object but is not one is
/// damage: an error diagnostic naming its line and column, and the reading goes on with the next line.
struct JSONLines {
    /// The input's name as diagnostics show it.
    let fileName: String
    /// The damaged lines, as error diagnostics (the first ``namedLimit`` of them; ``finish()`` counts the rest).
    private(set) var diagnostics: [Diagnostic] = []
    private var damagedLines = 0
    /// How many damaged lines are named one by one.
    static let namedLimit = 20

    init(fileName: String) { self.fileName = fileName }

    /// The object on `line`, or `nil` for a line of text or a damaged line (noted).
    mutating func object(_ line: LineReader.Line) -> JSONValue? {
        read(line) { try $0.readValue() }
    }

    /// What `body` reads from the object on `line` (it must consume the whole object), or `nil` for a line of
    /// text or a damaged line (noted): a format that needs a few members reads only those, without a tree.
    mutating func read<Value>(_ line: LineReader.Line, _ body: (inout JSONPullReader) throws -> Value) -> Value? {
        var first = 0
        while first < line.bytes.count, line.bytes[first] == 0x20 || line.bytes[first] == 0x09 { first += 1 }
        guard first < line.bytes.count, line.bytes[first] == UInt8(ascii: "{") else { return nil }
        var reader = JSONPullReader(line.bytes)
        do {
            let value = try body(&reader)
            guard reader.isAtEnd() else { throw reader.failure("text follows the JSON object") }
            return value
        } catch let error as JSONReadError {
            noteDamage(line: line, message: "\(error.message) (column \(error.column))")
        } catch {
            noteDamage(line: line, message: "\(error)")
        }
        return nil
    }

    /// Fills `members` from the object on `line`: `false` for a line of text or a damaged line (noted). A flat
    /// line is scanned without decoding it; any other is read by ``JSONPullReader``.
    mutating func read<Key>(_ line: LineReader.Line, into members: JSONLineMembers<Key>) -> Bool {
        if let first = line.bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
            line.bytes[first] == UInt8(ascii: "{"),
            members.scan(line.bytes)
        {
            return true
        }
        return read(line) { try members.read(&$0) } != nil
    }

    /// Notes that `line` is damaged, for `reason`.
    mutating func noteDamage(line: LineReader.Line, message: String) {
        damagedLines += 1
        guard damagedLines <= Self.namedLimit else { return }
        let reason = line.isPiece ? "the line is longer than the longest line read" : message
        diagnostics.append(
            Diagnostic(
                severity: .error, message: "line \(line.number) is not a JSON object: \(reason); the line is skipped",
                file: fileName, line: line.number, byteOffset: line.byteOffset))
    }

    /// The diagnostics, with one more that counts the damaged lines not named.
    func finish() -> [Diagnostic] {
        guard damagedLines > Self.namedLimit else { return diagnostics }
        return diagnostics + [
            Diagnostic(
                severity: .error,
                message: "\(damagedLines - Self.namedLimit) more lines are not JSON objects and were skipped",
                file: fileName)
        ]
    }
}

extension JSONValue {
    /// The member `key` as text: a string as it is, a number as written; `nil` otherwise.
    func text(_ key: String) -> String? {
        switch self[key] {
        case .string(let value): value
        case .number(let value): String(value)
        default: nil
        }
    }
}
