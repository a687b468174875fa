import HTMLReport
import TerminalEmulation

/// The terminal emulator: bytes a program wrote, then every rendering of the screen.
enum TerminalFuzzing {
    static func emulator(_ input: UnsafeRawBufferPointer) {
        var emulator = TerminalEmulator(columns: 80, rows: 24, scrollbackLimit: 200)
        // Fed in two pieces, so sequences split between reads are exercised too.
        let middle = input.count / 2
        emulator.feed(UnsafeRawBufferPointer(rebasing: input[..<middle]))
        emulator.feed(UnsafeRawBufferPointer(rebasing: input[middle...]))
        let snapshot = emulator.snapshot(includeScrollback: true)
        _ = TerminalSnapshotHTML.render(snapshot, label: "fuzz")
        _ = TerminalSnapshotRenderer.ansi(snapshot)
    }
}
