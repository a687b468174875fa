#!/usr/bin/env python3
"""Runs of one suite over time, for the history benchmarks: an XCTest console log of N tests, run number R.

usage: gen_history_runs.py N R OUT

Each test keeps its own typical duration across runs (log-normal around 5 ms, a few tests of seconds) and varies
by up to 10% from run to run; 1% of the tests always fail, 1% are always skipped, and 0.2% fail in some runs only
(flaky). Deterministic: the same N and R give the same log."""
import math
import random
import sys


def main():
    count, number, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    typical = random.Random(7)
    bases = [math.exp(typical.gauss(math.log(0.005), 1.2)) for _ in range(count)]
    kinds = [typical.random() for _ in range(count)]
    jitter = random.Random(1000 + number)
    lines = ["Test Suite 'All tests' started at 2026-11-22 11:06:58.082",
             "Test Suite 'debug.xctest' started at 2026-11-22 11:06:58.105"]
    failures = skips = 0
    for suite in range(count // 100):
        name = f"Suite{suite}Tests"
        lines.append(f"Test Suite '{name}' started at 2026-11-22 11:06:58.105")
        for test in range(100):
            index = suite * 100 + test
            case = f"{name}.testCase{test}_doesSomethingUseful"
            lines.append(f"Test Case '{case}' started at 2026-11-22 11:06:58.105")
            seconds = bases[index] * jitter.uniform(0.9, 1.1)
            kind = kinds[index]
            if kind < 0.01 or (kind < 0.012 and jitter.random() < 0.5):
                failures += 1
                lines.append(f"/src/Tests/{name}.swift:{test + 10}: error: {case} : XCTAssertEqual failed: "
                             f"(\"4\") is not equal to (\"5\") - math is hard")
                lines.append(f"Test Case '{case}' failed ({seconds:.3f} seconds)")
            elif kind < 0.022:
                skips += 1
                lines.append(f"/src/Tests/{name}.swift:{test + 10}: {case} : Test skipped - not on linux")
                lines.append(f"Test Case '{case}' skipped (0.000 seconds)")
            else:
                lines.append(f"Test Case '{case}' passed ({seconds:.3f} seconds)")
        lines.append(f"Test Suite '{name}' passed at 2026-11-22 11:06:58.213")
    lines.append(f"Test Suite 'All tests' failed at 2026-11-22 11:06:58.213")
    lines.append(f"\t Executed {count} tests, with {skips} tests skipped and {failures} failures (0 unexpected) in "
                 f"10.8 (10.8) seconds")
    with open(out, "w") as handle:
        handle.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
