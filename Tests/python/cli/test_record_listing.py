"""`record -- swift test` lists the tests in the background (`swift test list --skip-build --ignore-lock`) for the
modules of XCTest tests; the list must not make the recorded command itself wait for SwiftPM's lock."""
import subprocess

from conftest import BINARY, stand_in

FAKE_SWIFT = """#!/bin/sh
# Stands in for SwiftPM: `swift test list` notes that it ran; `swift test` notes whether the list had already
# started when it began (SwiftPM would then have waited for the list's lock), then prints one test.
if [ "$1" = "--version" ]; then echo "Swift version 6.3.1"; exit 0; fi
if [ "$2" = "list" ]; then touch "$MARKS/listed"; echo "Module.Suite/testOne"; exit 0; fi
sleep 1
if [ -e "$MARKS/listed" ]; then touch "$MARKS/list-came-first"; fi
echo "Test Suite 'All tests' started at 2026-11-26 10:00:00.000"
echo "Test Case 'Suite.testOne' started at 2026-11-26 10:00:00.000"
echo "Test Case 'Suite.testOne' passed (0.001 seconds)"
echo "Test Suite 'All tests' passed at 2026-11-26 10:00:00.002"
echo "	 Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.002) seconds"
"""


def test_the_list_of_a_command_that_skips_its_build_starts_after_the_command(tmp_path):
    marks = tmp_path / "marks"
    marks.mkdir()
    environment = stand_in(tmp_path, "swift", FAKE_SWIFT, MARKS=marks)
    subprocess.run([str(BINARY), "record", "-o", tmp_path / "run.resultbundle", "--quiet", "--",
                    "swift", "test", "--skip-build"], env=environment, check=True, capture_output=True, cwd=tmp_path)
    assert (marks / "listed").exists(), "the list was never made"
    assert not (marks / "list-came-first").exists(), "the list started before the command and held its lock"
