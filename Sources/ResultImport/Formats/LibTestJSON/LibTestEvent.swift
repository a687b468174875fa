/// The members of a libtest event line that the reader uses.
enum LibTestKey: String, CaseIterable {
    case type, event, name, stdout, message, reason, passed, failed, ignored
    case execTime = "exec_time"
}

/// One libtest event line, read for the members ``LibTestKey`` names.
typealias LibTestEvent = JSONLineMembers<LibTestKey>
