#!/usr/bin/env python3
"""Feeds a byte stream to pyte (a Python terminal emulator) at 80x24 and prints its speed in MB/s.
Usage: python3 Benchmarks/terminal/pyte_bench.py FILE [REPEATS]   (pip install pyte)
"""
import sys, time
import pyte

path = sys.argv[1]
repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
data = open(path, "rb").read()
best = None
for _ in range(repeats):
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    start = time.perf_counter()
    try:
        stream.feed(data)
    except Exception as error:  # pyte crashes on some inputs (wide characters at the last column)
        print(f"pyte failed: {type(error).__name__}: {error}", file=sys.stderr)
        sys.exit(1)
    elapsed = time.perf_counter() - start
    best = elapsed if best is None else min(best, elapsed)
print(f"pyte: {len(data) / best / 1e6:.2f} MB/s ({len(data)} bytes in {best:.3f} s, best of {repeats})")
