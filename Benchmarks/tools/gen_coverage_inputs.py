#!/usr/bin/env python3
"""Makes the coverage benchmark's input: a C project of FILES files of 400 lines each (20 functions of 20 lines)
under ROOT/src/, and the same made-up coverage of it twice, as an lcov tracefile (what genhtml and our report read)
and as Cobertura XML (what gcovr reads: it cannot read lcov). Counts come from a seeded generator, so every run of
the benchmark measures the same input: about one function in ten never ran, one `else` in three did not either.

usage: gen_coverage_inputs.py FILES ROOT   (writes ROOT/src/..., ROOT/coverage.info, ROOT/coverage.xml)

With --many-files, a tracefile of FILES files of one line each and no sources (`SF:src/dN/fN.c`, a thousand files a
folder, every third line never ran), for the memory of a project of a million files:

usage: gen_coverage_inputs.py --many-files FILES TRACEFILE"""
import pathlib
import random
import sys

FUNCTIONS_PER_FILE = 20
# One function: (source line, executable). Its `else` branch and loop body get their own counts below.
FUNCTION_LINES = [
    ("/* {name}: adds up what it is given. */", False),
    ("static int {name}(int x) {{", True),
    ("    int total = 0;", True),
    ("    if (x > {k}) {{", True),
    ("        total += x * 3;", True),
    ("    }} else {{", False),
    ("        total -= x;", True),
    ("    }}", False),
    ("    for (int i = 0; i < x; i++) {{", True),
    ("        total += i % 7;", True),
    ("    }}", False),
    ("    while (total > 1000)", True),
    ("        total /= 2;", True),
    ("    /* a line that cannot run */", False),
    ("    if (total == {k} || x < 0)", True),
    ("        total = -total;", True),
    ("    return total;", True),
    ("}}", False),
    ("", False),
    ("", False),
]


def file_coverage(rng, index):
    """[(name, first line, count)], {line: count}, {line: [taken, ...]} of one file."""
    functions, lines, branches = [], {}, {}
    for function in range(FUNCTIONS_PER_FILE):
        first = function * len(FUNCTION_LINES) + 1
        name = f"f{index}_{function}"
        calls = 0 if rng.random() < 0.1 else rng.randint(1, 5000)
        then_count = calls - rng.randint(0, calls) // 3 if calls else 0
        else_count = 0 if rng.random() < 0.33 else calls - then_count
        loop = calls * rng.randint(0, 40)
        counts = {1: calls, 2: calls, 3: calls, 4: then_count, 6: else_count, 8: calls, 9: loop, 11: calls,
                  12: calls // 4, 14: calls, 15: calls // 9, 16: calls}
        for offset, count in counts.items():
            lines[first + offset] = count
        branches[first + 3] = [then_count, else_count]
        branches[first + 14] = [calls // 9, calls - calls // 9]
        functions.append((name, first + 1, calls))
    return functions, lines, branches


def source_text(index):
    out = []
    for function in range(FUNCTIONS_PER_FILE):
        name = f"f{index}_{function}"
        out += [text.format(name=name, k=function) for text, _ in FUNCTION_LINES]
    return "\n".join(out) + "\n"


def main(count, root):
    root = pathlib.Path(root).resolve()
    rng = random.Random(20261126)
    with open(root / "coverage.info", "w") as lcov, open(root / "coverage.xml", "w") as cobertura:
        cobertura.write('<?xml version="1.0" ?>\n<coverage version="5.0" timestamp="0" line-rate="0" '
                        'branch-rate="0" lines-covered="0" lines-valid="0" branches-covered="0" branches-valid="0" '
                        f'complexity="0">\n<sources><source>{root}</source></sources>\n<packages>\n')
        package = None
        for index in range(count):
            module = f"mod{index // 100:02d}"
            relative = f"src/{module}/file{index:04d}.c"
            path = root / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(source_text(index))
            functions, lines, branches = file_coverage(rng, index)
            lcov.write(f"TN:\nSF:{path}\n")
            for name, line, _ in functions:
                lcov.write(f"FN:{line},{name}\n")
            for name, _, calls in functions:
                lcov.write(f"FNDA:{calls},{name}\n")
            lcov.write(f"FNF:{len(functions)}\nFNH:{sum(1 for f in functions if f[2])}\n")
            for line, taken in sorted(branches.items()):
                for number, count in enumerate(taken):
                    lcov.write(f"BRDA:{line},0,{number},{count if lines[line] else '-'}\n")
            found = sum(len(t) for t in branches.values())
            hit = sum(1 for t in branches.values() for c in t if c)
            lcov.write(f"BRF:{found}\nBRH:{hit}\n")
            for line in sorted(lines):
                lcov.write(f"DA:{line},{lines[line]}\n")
            lcov.write(f"LF:{len(lines)}\nLH:{sum(1 for c in lines.values() if c)}\nend_of_record\n")
            if module != package:
                if package is not None:
                    cobertura.write("</classes></package>\n")
                cobertura.write(f'<package name="{module}" line-rate="0" branch-rate="0" complexity="0"><classes>\n')
                package = module
            cobertura.write(f'<class name="file{index:04d}.c" filename="{relative}" line-rate="0" branch-rate="0" '
                            'complexity="0"><methods/><lines>\n')
            for line in sorted(lines):
                taken = branches.get(line)
                if taken:
                    covered = sum(1 for c in taken if c)
                    cobertura.write(f'<line number="{line}" hits="{lines[line]}" branch="true" condition-coverage='
                                    f'"{covered * 100 // len(taken)}% ({covered}/{len(taken)})"/>\n')
                else:
                    cobertura.write(f'<line number="{line}" hits="{lines[line]}" branch="false"/>\n')
            cobertura.write("</lines></class>\n")
        cobertura.write("</classes></package>\n</packages>\n</coverage>\n")


def many_files(count, tracefile):
    with open(tracefile, "w") as lcov:
        for index in range(count):
            lcov.write(f"SF:src/d{index // 1000}/f{index}.c\nDA:1,{0 if index % 3 == 0 else index % 5 + 1}\n"
                       "end_of_record\n")


if __name__ == "__main__":
    if sys.argv[1] == "--many-files":
        many_files(int(sys.argv[2]), sys.argv[3])
    else:
        main(int(sys.argv[1]), sys.argv[2])
