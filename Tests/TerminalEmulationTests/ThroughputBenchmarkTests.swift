import Foundation
import Testing
import _TestSupport

@testable import TerminalEmulation

/// Throughput measurement, run only when `TERMINAL_BENCH=1` (build with `-c release` for meaningful numbers):
/// `TERMINAL_BENCH=1 swift test -c release --filter ThroughputBenchmarkTests`. Benchmarks/terminal/bench.sh is
/// the quicker way. Uses `TERMINAL_BENCH_INPUT` when set, otherwise a generated stream.
struct ThroughputBenchmarkTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TERMINAL_BENCH"] == "1"))
    func measuresMegabytesPerSecond() throws {
        let bytes: [UInt8]
        if let path = ProcessInfo.processInfo.environment["TERMINAL_BENCH_INPUT"] {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } else {
            var generated = ""
            var generator = SeededGenerator(seed: 1)
            while generated.utf8.count < 2_000_000 {
                let color = Int.random(in: 0..<256, using: &generator)
                generated +=
                    "\u{1B}[38;5;\(color)mword \u{1B}[1mbold\u{1B}[0m 中文 αβγ \u{1B}[\(color % 24 + 1);\(color % 80 + 1)H"
                if color % 7 == 0 { generated += "\u{1B}[K\r\n" }
            }
            bytes = Array(generated.utf8)
        }
        var best = Double.infinity
        for _ in 0..<5 {
            var emulator = TerminalEmulator()
            let start = Date()
            emulator.feed(bytes)
            best = min(best, Date().timeIntervalSince(start))
        }
        let megabytesPerSecond = Double(bytes.count) / best / 1e6
        print(
            "TerminalEmulation throughput: \(String(format: "%.1f", megabytesPerSecond)) MB/s on \(bytes.count) bytes")
        #expect(megabytesPerSecond > 0)
    }
}
