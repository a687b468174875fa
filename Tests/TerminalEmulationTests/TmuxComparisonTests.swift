import Foundation
import ResultModel
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
        let version = tmux.version
        let isReferenceVersion = version == Self.referenceVersion
        if !isReferenceVersion {
            print("tmux comparison: \(version) is not \(Self.referenceVersion); version-specific fixtures only warn")
        }
        for (stream, reference) in zip(streams, expected) {
            var emulator = TerminalEmulator(columns: stream.columns, rows: stream.rows)
            emulator.feed(try stream.bytes())
            let ours = Self.normalized(emulator.text)
            let theirs = Self.normalized(reference.text)
            if !isReferenceVersion && Self.versionSpecificFixtures.contains(where: stream.name.hasPrefix) {
                if ours != theirs {
                    print("note: \(stream.name) differs from \(version) (expected: its rules changed)")
                }
                continue
            }
            #expect(ours == theirs, "\(stream.name) differs from tmux:\n\(Self.difference(ours, theirs))")

            // Colors and attributes: replay tmux's `capture-pane -e` output in a fresh emulator and compare the
            // style of every visible character (blank cells aside: tmux trims trailing blanks). Streams with
            // ZERO WIDTH JOINERs are left out: replaying joined characters regroups them.
            if try stream.bytes().containsJoiner { continue }
            var replay = TerminalEmulator(columns: stream.columns, rows: stream.rows)
            replay.feed(reference.styled.replacingOccurrences(of: "\n", with: "\r\n"))
            let ourStyles = Self.styledCharacters(emulator.snapshot())
            let theirStyles = Self.styledCharacters(replay.snapshot())
            let firstDifference = zip(ourStyles, theirStyles).first { $0.0 != $0.1 }
            #expect(
                firstDifference == nil && ourStyles.count == theirStyles.count,
                "\(stream.name): styles differ from tmux at \(String(describing: firstDifference))")
        }
    }

    /// The row and style of every non-blank character, in reading order (the characters themselves are compared
    /// as text; replaying tmux's output can recombine joiners differently).
    static func styledCharacters(_ snapshot: TerminalSnapshot) -> [String] {
        var result: [String] = []
        for (row, line) in snapshot.lines.enumerated() {
            for run in line.runs {
                for character in run.text where character != " " {
                    _ = character
                    result.append("row \(row) \(run.style)")
                }
            }
        }
        return result
    }

    /// The tmux version whose rules the emulator follows exactly.
    static let referenceVersion = "tmux 3.3a"

    /// Fixtures checked strictly only against ``referenceVersion``: combining characters and joiners (tmux 3.4
    /// changed how they attach) and tabs over blanks (tmux 3.5 keeps those as one "tab cell", which erasing part of
    /// it then shows shifted). Every other fixture also matches tmux 3.4 and 3.6a built from source.
    static let versionSpecificFixtures = [
        "edge-combining-on-blank", "edge-orphaned-wide-halves", "edge-zero-width-joiner-pending",
        "edge-tabs-and-erase",
    ]

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

extension [UInt8] {
    /// Whether the bytes contain U+200D ZERO WIDTH JOINER in UTF-8.
    var containsJoiner: Bool {
        indices.dropLast(2).contains { self[$0] == 0xE2 && self[$0 + 1] == 0x80 && self[$0 + 2] == 0x8D }
    }
}
