"""Coverage made here with real tools for the coverage tests: a small C program built with gcc --coverage, run,
and captured with lcov, optionally inside a git repository whose history the test writes."""
import pathlib
import re
import shutil
import subprocess

from conftest import FIXTURES

TALLY = (FIXTURES / "coverage" / "lcov" / "tally.c").read_text()


def tool(*arguments, cwd, stdin=None):
    result = subprocess.run([str(a) for a in arguments], cwd=cwd, capture_output=True, text=True, input=stdin,
                            timeout=120)
    assert result.returncode == 0, f"{' '.join(map(str, arguments))}: {result.stderr}"
    return result.stdout


def build_with_coverage(folder, sources, runs):
    """Compiles `sources` in `folder` with gcc --coverage, runs the program once per argument list in `runs`, and
    captures lcov's tracefile (branches included): its path."""
    for stale in folder.glob("*.gc*"):
        stale.unlink()
    tool("gcc", "--coverage", "-O0", "-o", "program", *sources, cwd=folder)
    for arguments in runs:
        tool("./program", *arguments, cwd=folder)
    tool("lcov", "--quiet", "--capture", "--directory", ".", "--rc", "lcov_branch_coverage=1",
         "--output-file", "coverage.info", cwd=folder)
    return folder / "coverage.info"


def c_project(folder):
    """The fixtures' tally.c, built and run as its README says: (tracefile, source root)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tally.c").write_text(TALLY)
    return build_with_coverage(folder, ["tally.c"], [["one two", "three"], []]), folder


def lcov_summary(tracefile):
    """`lcov --summary`'s numbers: {"lines": (hit, found), "functions": ..., "branches": ...}."""
    output = subprocess.run(["lcov", "--summary", str(tracefile), "--rc", "lcov_branch_coverage=1"],
                            capture_output=True, text=True, timeout=120)
    assert output.returncode == 0, output.stderr
    numbers = {}
    for line in (output.stdout + output.stderr).splitlines():
        name = line.strip().split(".")[0]
        if name in ("lines", "functions", "branches"):
            if "no data found" in line:
                numbers[name] = (0, 0)
            else:
                inside = line[line.index("(") + 1:line.index(")")].split()
                numbers[name] = (int(inside[0]), int(inside[2]))
    return numbers


def have(*tools):
    return all(shutil.which(name) for name in tools)


def added_lines(repository):
    """Per file, the line numbers `git diff --unified=0 HEAD` says are added, read from its hunk headers."""
    added = {}
    path = None
    for line in tool("git", "diff", "--unified=0", "HEAD", cwd=repository).splitlines():
        if line.startswith("+++ "):
            path = line[6:] if line != "+++ /dev/null" else None
        match = re.match(r"@@ -\S+ \+(\d+)(?:,(\d+))? @@", line)
        if match and path:
            start, count = int(match.group(1)), int(match.group(2) or 1)
            added.setdefault(path, set()).update(range(start, start + count))
    return added


def tracefile_lines(tracefile, folder):
    """Per source file of an lcov tracefile, its path after `folder` (`/repo/app/`): {line: count} of its DA lines."""
    files = {}
    for record in tracefile.read_text().split("end_of_record"):
        source = re.search(r"^SF:(.*)$", record, re.M)
        if source:
            lines = {int(n): int(c) for n, c in re.findall(r"^DA:(\d+),(\d+)", record, re.M)}
            files[source.group(1).split(folder)[-1]] = lines
    return files
