"""Rules a linter would check, over every Swift file of the package (docs/OUTPUTS.md: every write is checked)."""
import re

import pytest

from conftest import ROOT

SWIFT_FILES = sorted(
    path for folder in ("Sources", "Tests", "Examples") for path in (ROOT / folder).rglob("*.swift")
    if ".build" not in path.parts)

# FileHandle.write(_: Data) traps on a failed write; write(contentsOf:) throws instead. (The CLI's own
# `StandardOutput.write` checks every write.)
TRAPPING_WRITE = re.compile(r"(?:(?i:handle)|\.(?i:standardOutput|standardError))\.write\((?!contentsOf:)")
FORCED_TRY = re.compile(r"\btry!")


def offenders(pattern):
    found = []
    for path in SWIFT_FILES:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("//", 1)[0]
            if pattern.search(code):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    return found


def test_the_rules_see_the_files():
    assert len(SWIFT_FILES) > 100


@pytest.mark.parametrize("line,matches", [
    ("handle.write(Data(bytes))", True),
    ("FileHandle.standardOutput.write(Data(\"x\".utf8))", True),
    ("try handle.write(contentsOf: Data(bytes))", False),
    ("try OutputWriting.write(Data(markdown.utf8), plan)", False),
    ("let x = try! JSONSerialization.data(withJSONObject: v)", True),
])
def test_the_patterns_find_what_they_are_for(line, matches):
    assert bool(TRAPPING_WRITE.search(line) or FORCED_TRY.search(line)) == matches


def test_no_forced_try_anywhere():
    assert offenders(FORCED_TRY) == []


def test_no_file_handle_write_that_traps_on_failure():
    assert offenders(TRAPPING_WRITE) == []
