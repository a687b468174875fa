import Foundation

/// Recognises a `swift test` command line and adds the options that make swift-testing write its JSON event
/// stream and attachments to files `record` reads.
struct SwiftTestInvocation {
    /// Whether `arguments` runs `swift test` (directly, or through `swift-test`).
    static func isSwiftTest(_ arguments: [String]) -> Bool {
        guard let first = arguments.first else { return false }
        let tool = URL(fileURLWithPath: first).lastPathComponent
        if tool == "swift-test" { return true }
        return tool == "swift" && arguments.dropFirst().first == "test"
    }

    /// The arguments with `--experimental-event-stream-output` and `--attachments-path` added, unless the user
    /// already passed them. Returns the paths `record` should read: the user's own when given.
    static func addingEventStream(
        to arguments: [String],
        eventStreamFile: URL,
        attachmentsDirectory: URL
    ) -> (arguments: [String], eventStream: URL, attachments: URL) {
        var result = arguments
        var eventStream = eventStreamFile
        var attachments = attachmentsDirectory
        if let given = value(of: "--experimental-event-stream-output", in: arguments) {
            eventStream = URL(fileURLWithPath: given)
        } else {
            result += ["--experimental-event-stream-output", eventStreamFile.path]
        }
        if let given = value(of: "--attachments-path", in: arguments) {
            attachments = URL(fileURLWithPath: given)
        } else {
            result += ["--attachments-path", attachmentsDirectory.path]
        }
        return (result, eventStream, attachments)
    }

    /// The value of `--option value` or `--option=value`, when present.
    static func value(of option: String, in arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument == option, index + 1 < arguments.count { return arguments[index + 1] }
            if argument.hasPrefix(option + "=") { return String(argument.dropFirst(option.count + 1)) }
        }
        return nil
    }
}
