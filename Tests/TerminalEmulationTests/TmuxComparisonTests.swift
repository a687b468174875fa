import Foundation
import Testing

@testable import TerminalEmulation

/// Our screen equals tmux's for every fixture (trailing spaces aside).
struct TmuxComparisonTests {
    @Test func everyFixtureRendersLikeTmux() throws {
        guard let tmux = try TmuxReference() else {
            print("skipping the tmux comparison: tmux is not installed")
            return
        }
        defer { tmux.shutDown() }
        // tmux keeps DEC line-drawing characters as ASCII letters with a charset flag and `capture-pane -p` prints
        // the letters; we store the box-drawing characters they show (tested in ScreenTests).
        let streams = Fixtures.all.filter { !$0.name.contains("differs-from-tmux") }
        #expect(streams.count >= 14)
        let expected = try tmux.render(streams.map { ($0.url, $0.columns, $0.rows) })
        for (stream, reference) in zip(streams, expected) {
            var emulator = TerminalEmulator(columns: stream.columns, rows: stream.rows)
            emulator.feed(try stream.bytes())
            let ours = Self.normalized(emulator.text)
            let theirs = Self.normalized(reference)
            #expect(ours == theirs, "\(stream.name) differs from tmux:\n\(Self.difference(ours, theirs))")
        }
    }

    static func normalized(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = String(line)
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    static func difference(_ ours: [String], _ theirs: [String]) -> String {
        var report = ""
        for index in 0..<max(ours.count, theirs.count) {
            let left = index < ours.count ? ours[index] : "<none>"
            let right = index < theirs.count ? theirs[index] : "<none>"
            if left != right { report += "row \(index):\n  ours: \(left)\n  tmux: \(right)\n" }
        }
        return report
    }
}
