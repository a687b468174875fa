"""Issue 25.11: every command says what failed in one sentence (the path the user named, the error number's
meaning), never Foundation's `Error Domain=…` text or a temporary name, and the same failure exits with the same
code in every command (README: 1 when a write failed, 2 when an input could not be read)."""
import os
import subprocess

import pytest

from conftest import BINARY, FIXTURES, ROOT

SAMPLE = ROOT / "SampleBundles" / "v1.0-mixed.resultbundle"
LOG = FIXTURES / "corpus" / "swift-6.3-linux" / "calc.console.txt"
# sysfs refuses new files even to root, with EACCES: a write that fails the same way for every user.
DENIED = "/sys/resultbundle-denied"

WRITERS = {
    "import": ["import", LOG, "-o", DENIED + ".resultbundle"],
    "merge": ["merge", SAMPLE, SAMPLE, "-o", DENIED + ".resultbundle"],
    "report": ["report", SAMPLE, "-o", DENIED + "-site"],
    "junit": ["junit", SAMPLE, "-o", DENIED + ".xml"],
    "junit-surefire": ["junit", SAMPLE, "--flavor", "surefire", "-o", DENIED + "-reports"],
    "json": ["json", SAMPLE, "-o", DENIED + ".json"],
    "summary": ["summary", SAMPLE, "-o", DENIED + ".md"],
    "annotate": ["annotate", "--format", "gitlab", SAMPLE, "-o", DENIED + ".json"],
    "snapshot": ["snapshot", "--cols", "20", "--rows", "2", "-o", DENIED + ".txt", "--", "echo", "hi"],
    "record": ["record", "-o", DENIED + ".resultbundle", "--", "cat", LOG],
}


def denied_here():
    try:
        with open(DENIED, "w"):
            pass
    except PermissionError:
        return True
    except OSError:
        return False
    os.remove(DENIED)
    return False


@pytest.mark.skipif(not denied_here(), reason="this machine lets new files be created in /sys")
@pytest.mark.parametrize("command", sorted(WRITERS))
def test_a_write_that_is_denied_says_so_with_the_users_path_and_exits_1(command):
    result = subprocess.run([str(BINARY), *map(str, WRITERS[command])], capture_output=True, text=True, timeout=120)
    assert result.returncode == 1, result.stderr
    message = result.stderr.strip().splitlines()[-1]
    assert message.startswith("error: "), message
    assert "Permission denied" in message and DENIED in message, message
    assert "Error Domain" not in result.stderr and ".partial-" not in result.stderr, result.stderr
    assert "doesn’t exist" not in result.stderr and "doesn't exist" not in result.stderr


@pytest.mark.parametrize("command", ["info", "verify", "json", "summary", "report", "junit"])
def test_an_input_that_is_a_folder_says_what_it_is_and_exits_2(command, tmp_path):
    arguments = [command, tmp_path]
    if command in ("report", "junit"):
        arguments += ["-o", tmp_path / "out"]
    result = subprocess.run([str(BINARY), *map(str, arguments)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 2, result.stderr
    assert "Error Domain" not in result.stderr
    assert str(tmp_path) in result.stderr and "folder" in result.stderr, result.stderr


def test_an_import_warning_names_its_severity_once(tmp_path):
    log = tmp_path / "run.log"
    log.write_text("Test Suite 'All tests' started at 2026-01-01 00:00:00.000\n"
                   "Test Case 'T.a' started at 2026-01-01 00:00:00.000\n"
                   "Test Case 'T.a' passed (0.001 seconds)\n"
                   "Test Suite 'All tests' passed at 2026-01-01 00:00:00.100\n"
                   "\t Executed 7 tests, with 0 failures (0 unexpected) in 0.002 (0.002) seconds\n")
    result = subprocess.run([str(BINARY), "import", str(log), "-o", str(tmp_path / "r.resultbundle")],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stderr.splitlines() if "says 7 XCTest tests ran" in line]
    assert len(lines) == 1 and lines[0].count("warning:") == 1, result.stderr
    assert lines[0].startswith(f"{log}:1: warning: "), lines[0]
