import ArgumentParser
import Foundation
import HTMLReport
import ResultModel
import TerminalEmulation

/// `resultbundle snapshot`: the screen of a terminal program, from a recording or from a live run.
struct SnapshotCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, ansi, html, json
    }

    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Render a terminal screen from a byte stream, or run a command in a pseudo-terminal and capture it.",
        discussion: """
            With --input, the file is a raw byte stream (what a program wrote to its terminal) or an asciicast v2 \
            recording. With a command after --, it runs in a pseudo-terminal of --cols by --rows, --keys are typed \
            into it (notation: text, <Enter>, <Tab>, <Up>, <C-c>, ...; see docs/TERMINAL.md), and the screen is \
            captured when the command exits or its output stays idle for --idle seconds. The snapshot is written \
            as text (one line per row), ANSI, HTML or JSON, or stored in a bundle as an attachment of a test.

            Examples:
              resultbundle snapshot --input session.cast --format html -o screen.html
              resultbundle snapshot --cols 100 --rows 30 -- htop
              resultbundle snapshot --keys 'q' -- less README.md
              resultbundle snapshot --input out.ans --bundle r.resultbundle --test App/Ui/t
            """
    )

    @Option(help: "A recorded byte stream or asciicast v2 file to render.")
    var input: String?

    @Option(help: "Terminal width in cells.")
    var cols: Int?

    @Option(help: "Terminal height in cells.")
    var rows: Int?

    @Option(help: "Keys to type into the command once it is idle.")
    var keys: String?

    @Option(help: "Seconds of silence after which the screen is captured.")
    var idle: Double = 0.5

    @Option(help: "Seconds after which the screen is captured whatever the command does.")
    var timeout: Double = 10

    @Option(help: "The output format.")
    var format: Format = .text

    @Option(name: .shortAndLong, help: "Where to write the snapshot (default: standard output).")
    var output: String?

    @Flag(
        help:
            "Replace an existing file even when it does not look like a snapshot (text and ANSI carry no sign of their writer)."
    )
    var force = false

    @Option(help: "Store the snapshot in this bundle as an attachment of --test.")
    var bundle: String?

    @Option(help: "The id of the test (module/suite/name) the snapshot is attached to.")
    var test: String?

    @Option(help: "The attachment's name.")
    var name = "terminal"

    @Argument(parsing: .postTerminator, help: "The command to run in a pseudo-terminal, after --.")
    var command: [String] = []

    func validate() throws {
        if input == nil, command.isEmpty {
            throw ValidationError(
                "Say what to snapshot: --input FILE (a byte stream or an asciicast recording), or a command to run "
                    + "after -- (resultbundle snapshot -- htop).")
        }
        if input != nil, !command.isEmpty {
            throw ValidationError("Give either --input FILE or a command after --, not both.")
        }
        if (bundle == nil) != (test == nil) { throw ValidationError("--bundle and --test go together.") }
        if let cols, !(1...4096).contains(cols) { throw ValidationError("--cols must be between 1 and 4096.") }
        if let rows, !(1...4096).contains(rows) { throw ValidationError("--rows must be between 1 and 4096.") }
    }

    func run() throws {
        let plan = try OutputRules(shape: .document(.snapshot), force: force, inputs: input.map { [$0] } ?? []).plan(
            for: output ?? "-")
        let snapshot = try capture()
        if let bundle, let test {
            try AttachmentInserter.attach(snapshot, named: name, toTest: test, in: URL(fileURLWithPath: bundle))
            return
        }
        let rendered: String
        switch format {
        case .text: rendered = snapshot.text + "\n"
        case .ansi: rendered = TerminalSnapshotRenderer.ansi(snapshot)
        case .html:
            rendered = try TerminalSnapshotHTML.document(
                snapshot, title: snapshot.title ?? "Terminal snapshot", generator: ResultBundleCommand.producer)
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            rendered = String(decoding: try encoder.encode(snapshot), as: UTF8.self) + "\n"
        }
        try OutputWriting.write(Data(rendered.utf8), plan)
    }

    private func capture() throws -> TerminalSnapshot {
        if let input {
            let url = URL(fileURLWithPath: input)
            guard FileManager.default.fileExists(atPath: url.path) else { throw CLIError("\(input): no such file") }
            return try render(url)
        }
        return try runCommand()
    }

    /// An asciicast recording plays at its own size; a raw stream at --cols by --rows.
    private func render(_ url: URL) throws -> TerminalSnapshot {
        if try isAsciicast(url) { return try AsciicastReader.replay(contentsOf: url).snapshot() }
        var emulator = TerminalEmulator(columns: cols ?? 80, rows: rows ?? 24)
        try emulator.feed(contentsOf: url)
        return emulator.snapshot()
    }

    private func runCommand() throws -> TerminalSnapshot {
        let session = try PseudoTerminalSession(command: command, columns: cols ?? 80, rows: rows ?? 24)
        defer { session.terminate() }
        _ = session.waitUntilIdle(idle: idle, timeout: timeout)
        if let keys {
            try session.send(keys: keys)
            _ = session.waitUntilIdle(idle: idle, timeout: timeout)
        }
        return session.snapshot()
    }

    private func isAsciicast(_ url: URL) throws -> Bool {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let head = (try handle.read(upToCount: 4096)) ?? Data()
        let firstLine = head.prefix { $0 != 0x0A }
        guard firstLine.first == UInt8(ascii: "{") else { return false }
        return String(decoding: firstLine, as: UTF8.self).contains("\"version\"")
    }
}
