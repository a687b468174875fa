import ArgumentParser
import ResultSupport

/// The tree of `resultbundle`'s commands by name: what a word on the command line names, and the words that
/// name a command, so usage errors can name the command they are about and suggest the one meant.
enum CommandTree {
    /// The subcommands of `command`, by the name typed for each.
    static func children(of command: any ParsableCommand.Type) -> [(name: String, type: any ParsableCommand.Type)] {
        command.configuration.subcommands.map { (name(of: $0), $0) }
    }

    /// The name typed for `command` (its configured name, or ArgumentParser's default from the type name).
    static func name(of command: any ParsableCommand.Type) -> String {
        command.configuration.commandName ?? command._commandName
    }

    /// The words that lead from the root to `command` (`["resultbundle", "shard", "list"]`), or nil when it is
    /// not in the tree.
    static func path(
        to command: any ParsableCommand.Type, from root: any ParsableCommand.Type = ResultBundleCommand.self
    ) -> [String]? {
        if ObjectIdentifier(command) == ObjectIdentifier(root) { return [name(of: root)] }
        for child in children(of: root) {
            if let rest = path(to: command, from: child.type) { return [name(of: root)] + rest }
        }
        return nil
    }

    /// A usage error for the first word of `words` that names no command, walking down from the root as long as
    /// the command reached has subcommands (which take no arguments of their own here); nil when every such word
    /// names a command or an option comes first.
    static func unknownCommand(in words: [String]) -> UnknownCommand? {
        var command: any ParsableCommand.Type = ResultBundleCommand.self
        var path = [name(of: command)]
        for word in words {
            let children = children(of: command)
            // `help` is ArgumentParser's own command at every level (`resultbundle help help`).
            guard !children.isEmpty, !word.hasPrefix("-"), word != "help" else { return nil }
            guard let child = children.first(where: { $0.name == word }) else {
                return UnknownCommand(
                    word: word, parentPath: path,
                    suggestion: NearestName.nearest(to: word, among: children.map(\.name)))
            }
            command = child.type
            path.append(child.name)
        }
        return nil
    }

    /// A word that names no subcommand of the command before it.
    struct UnknownCommand: Equatable {
        let word: String
        let parentPath: [String]
        let suggestion: String?

        var message: String {
            let parent = parentPath.joined(separator: " ")
            var text = "'\(TerminalText.escapingControls(word))' is not a command of \(parent)."
            if let suggestion { text += " Did you mean '\(suggestion)'?" }
            return text + " See '\(parent) --help' for its commands."
        }
    }
}
