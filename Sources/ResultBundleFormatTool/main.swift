// A helper for the bundle format's tests and benchmarks; not installed with resultbundle.
//
//   resultbundle-format-tool stress-write OUT N          write N tests with .everyTest, printing "ended <id>"
//                                                        after each addTest returns (the kill test reads it)
//   resultbundle-format-tool bench-write OUT N [JSONL]   write N import-like tests (batched), print timings;
//                                                        with JSONL, also dump the records' JSON Lines there
//   resultbundle-format-tool bench-live OUT N            write N tests with .everyTest (as `record` does)
//   resultbundle-format-tool bench-read BUNDLE           read every test, print timings and totals
//   resultbundle-format-tool bench-open BUNDLE ID        open and fetch one test, print timings
//   resultbundle-format-tool bench-verify BUNDLE         verify every frame and blob, print timings
//   resultbundle-format-tool bench-coverage BUNDLE       read a run's coverage: totals, file list, one file, all
//   resultbundle-format-tool make-big OUT MB TESTS       write a bundle of about MB megabytes, mostly blobs
//   resultbundle-format-tool make-huge-text OUT TESTS    write TESTS tests whose names or messages are as long as a
//                                                        record may be (just under 64 MiB): valid, tiny, hostile
import Foundation
import ResultBundle
import ResultModel

let arguments = CommandLine.arguments
func fail(_ message: String) -> Never {
    try? FileHandle.standardError.write(contentsOf: Data((message + "\n").utf8))
    exit(2)
}
guard arguments.count >= 3 else { fail("usage: see the comment in main.swift") }
let output = URL(fileURLWithPath: arguments[2])

do {
    switch arguments[1] {
    case "stress-write":
        try StressWriter.run(output: output, count: Int(arguments[3]) ?? 1000)
    case "bench-write":
        try Bench.write(
            output: output, count: Int(arguments[3]) ?? 100_000,
            jsonl: arguments.count > 4 ? URL(fileURLWithPath: arguments[4]) : nil)
    case "bench-live":
        try Bench.writeLive(output: output, count: Int(arguments[3]) ?? 10_000)
    case "bench-read":
        try Bench.read(bundle: output)
    case "bench-verify":
        try Bench.verify(bundle: output)
    case "bench-coverage":
        try CoverageBench.run(bundle: output)
    case "bench-open":
        try Bench.open(bundle: output, id: arguments[3])
    case "make-big":
        try Bench.makeBig(output: output, megabytes: Int(arguments[3]) ?? 1024, tests: Int(arguments[4]) ?? 100_000)
    case "make-huge-text":
        try HugeTextBundle.write(output: output, tests: Int(arguments[3]) ?? 8)
    default:
        fail("unknown mode \(arguments[1])")
    }
} catch {
    fail("error: \(error)")
}
