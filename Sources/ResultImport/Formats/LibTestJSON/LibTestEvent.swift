/// The members of one libtest event line that the reader uses, read straight from the line's bytes: the other
/// members are read (so damage is found as before) and dropped, and no tree of the line is built.
///
/// Each member is its line's first of that name, as ``JSONValue``'s lookup takes.
struct LibTestEvent {
    var type: JSONValue?
    var event: JSONValue?
    var name: JSONValue?
    var stdout: JSONValue?
    var message: JSONValue?
    var reason: JSONValue?
    var execTime: JSONValue?
    var passed: JSONValue?
    var failed: JSONValue?
    var ignored: JSONValue?

    /// Reads the object at `reader`'s position, whole.
    static func read(_ reader: inout JSONPullReader) throws -> LibTestEvent {
        var line = LibTestEvent()
        try reader.readObject { reader, key in
            let value = try reader.readValue()
            switch key {
            case "type": line.type = line.type ?? value
            case "event": line.event = line.event ?? value
            case "name": line.name = line.name ?? value
            case "stdout": line.stdout = line.stdout ?? value
            case "message": line.message = line.message ?? value
            case "reason": line.reason = line.reason ?? value
            case "exec_time": line.execTime = line.execTime ?? value
            case "passed": line.passed = line.passed ?? value
            case "failed": line.failed = line.failed ?? value
            case "ignored": line.ignored = line.ignored ?? value
            default: break
            }
        }
        return line
    }

    /// The declared count of the tests with libtest's `word` (`passed`, `failed`, `ignored`) in a suite's end event.
    func count(_ word: String) -> JSONValue? {
        switch word {
        case "passed": passed
        case "failed": failed
        default: ignored
        }
    }
}

extension Optional where Wrapped == JSONValue {
    /// The value as text: a string as it is, a number as written; `nil` otherwise (as ``JSONValue/text(_:)``).
    var text: String? {
        switch self {
        case .string(let value): value
        case .number(let value): String(value)
        default: nil
        }
    }
}
