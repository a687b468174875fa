#!/usr/bin/env python3
"""Writes an lcov tracefile of FILES source files x LINES lines each (docs/BENCHMARKS.md, coverage rows).

usage: gen_lcov.py OUT [FILES [LINES]]   (defaults: 5000 files, 400 lines)

The shape of a real C/C++ project's geninfo output: per file one function every 40 lines (FN/FNDA), a branch
pair every 20 lines (BRDA), every line that could run a DA line (about 3 of 4 lines of a file hold code, so line
numbers have gaps), and counts as real runs give them: a quarter of the lines never run, the rest run from once to
tens of thousands of times, whole functions alike. Seeded, so the file is the same each time.
"""
import random
import sys


def main():
    out = sys.argv[1]
    files = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
    lines = int(sys.argv[3]) if len(sys.argv) > 3 else 400
    rng = random.Random(20261126)
    with open(out, "w") as tracefile:
        for number in range(files):
            module = f"src/module{number % 50:02d}"
            tracefile.write(f"TN:\nSF:{module}/file{number:05d}.c\n")
            numbers, line = [], 0
            for _ in range(lines):
                line += 1 if rng.random() < 0.75 else rng.randint(2, 4)
                numbers.append(line)
            functions = []
            for start in range(0, len(numbers), 40):
                runs = 0 if rng.random() < 0.25 else rng.choice([1, 2, 3, 10, 64, 1000, rng.randint(1, 50000)])
                functions.append((numbers[start], f"function_{number}_{start // 40}", runs))
            for first, name, _ in functions:
                tracefile.write(f"FN:{first},{name}\n")
            for _, name, runs in functions:
                tracefile.write(f"FNDA:{runs},{name}\n")
            tracefile.write(f"FNF:{len(functions)}\nFNH:{sum(1 for f in functions if f[2])}\n")
            branches = []
            for position in range(10, len(numbers), 20):
                runs = functions[position // 40][2]
                taken = rng.randint(0, runs) if runs else 0
                branches.append((numbers[position], "-" if not runs else taken))
                branches.append((numbers[position], "-" if not runs else runs - taken))
            for index, (line, taken) in enumerate(branches):
                tracefile.write(f"BRDA:{line},0,{index % 2},{taken}\n")
            tracefile.write(f"BRF:{len(branches)}\nBRH:{sum(1 for b in branches if b[1] not in ('-', 0))}\n")
            hit = 0
            for position, line in enumerate(numbers):
                runs = functions[position // 40][2]
                if runs and rng.random() < 0.1:
                    runs = 0 if rng.random() < 0.5 else runs * rng.randint(2, 10)
                hit += 1 if runs else 0
                tracefile.write(f"DA:{line},{runs}\n")
            tracefile.write(f"LF:{len(numbers)}\nLH:{hit}\nend_of_record\n")


if __name__ == "__main__":
    main()
