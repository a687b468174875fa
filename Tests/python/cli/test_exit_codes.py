"""Every row of the README's exit-code table, for every command."""
import os
import re
import subprocess

import pytest

from conftest import BINARY, FIXTURES, ROOT, SAMPLES

SAMPLE = SAMPLES[0]
LOG = FIXTURES / "corpus" / "swift-6.3-linux" / "calc.console.txt"

# A successful call of every command (row 0).
SUCCESS = {
    "record": ["record", "--quiet", "-o", "{tmp}/r.resultbundle", "--", "cat", LOG],
    "import": ["import", LOG, "-o", "{tmp}/i.resultbundle"],
    "info": ["info", SAMPLE],
    "verify": ["verify", SAMPLE],
    "merge": ["merge", SAMPLE, "-o", "{tmp}/m.resultbundle"],
    "report": ["report", SAMPLE, "-o", "{tmp}/site"],
    "junit": ["junit", SAMPLE, "-o", "{tmp}/junit.xml"],
    "summary": ["summary", SAMPLE],
    "annotate": ["annotate", "--format", "github", SAMPLE],
    "snapshot": ["snapshot", "--input", LOG],
    "json": ["json", SAMPLE],
    "shard": ["shard", "list", "--count", "2", "--from", SAMPLE],
}

# Every command with an input that cannot be read (row 2: no input could be read).
UNREADABLE = {
    "import": ["import", "{tmp}/missing.log", "-o", "{tmp}/i.resultbundle"],
    "info": ["info", "{tmp}/missing.resultbundle"],
    "verify": ["verify", "{tmp}/missing.resultbundle"],
    "merge": ["merge", "{tmp}/missing.resultbundle", "-o", "{tmp}/m.resultbundle"],
    "report": ["report", "{tmp}/missing.resultbundle", "-o", "{tmp}/site"],
    "junit": ["junit", "{tmp}/missing.resultbundle", "-o", "{tmp}/junit.xml"],
    "summary": ["summary", "{tmp}/missing.resultbundle"],
    "annotate": ["annotate", "--format", "github", "{tmp}/missing.resultbundle"],
    "snapshot": ["snapshot", "--input", "{tmp}/missing.txt"],
    "json": ["json", "{tmp}/missing.resultbundle"],
    "shard": ["shard", "list", "--count", "2", "--from", "{tmp}/missing.resultbundle"],
    "record": ["record", "-o", "{tmp}/r.resultbundle", "--", "{tmp}/no-such-program"],
}


def call(arguments, tmp_path, **options):
    arguments = [str(a).replace("{tmp}", str(tmp_path)) for a in arguments]
    return subprocess.run([str(BINARY), *arguments], capture_output=True, text=True, timeout=120, **options)


def readme_codes():
    table = (ROOT / "README.md").read_text().split("| code | meaning |", 1)[1]
    return [match.group(1) for match in re.finditer(r"^\| (\d+|any) \|", table, re.MULTILINE)]


def test_the_readme_table_has_the_rows_these_tests_check():
    assert readme_codes() == ["0", "1", "2", "5", "any"]


@pytest.mark.parametrize("command", SUCCESS)
def test_row_0_success(tmp_path, command):
    result = call(SUCCESS[command], tmp_path)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("command", SUCCESS)
def test_row_2_bad_usage_for_every_command(tmp_path, command):
    result = call([command, "--bogus"], tmp_path)
    assert result.returncode == 2, result.stderr
    assert "Usage: resultbundle" in result.stderr


def test_row_2_an_unknown_command(tmp_path):
    assert call(["frobnicate"], tmp_path).returncode == 2


@pytest.mark.parametrize("command", UNREADABLE)
def test_row_2_no_input_could_be_read(tmp_path, command):
    result = call(UNREADABLE[command], tmp_path)
    expected = 127 if command == "record" else 2  # record returns its command's code (env: not found)
    assert result.returncode == expected, result.stderr
    assert "error" in result.stderr.lower() or command == "record"


@pytest.mark.parametrize("command", ["import", "merge", "report", "junit", "json", "summary"])
def test_row_2_a_refused_output(tmp_path, command):
    (tmp_path / "folder").mkdir()
    (tmp_path / "folder" / "keep.txt").write_text("keep")
    arguments = [a for a in SUCCESS[command]]
    if "-o" in arguments:
        arguments[arguments.index("-o") + 1] = "{tmp}/folder"
    else:
        arguments += ["-o", "{tmp}/folder"]
    if command == "report":
        arguments = ["report", SAMPLE, "-o", "{tmp}/folder"]
    result = call(arguments, tmp_path)
    assert result.returncode == 2, result.stderr
    assert (tmp_path / "folder" / "keep.txt").read_text() == "keep"


def test_row_1_verify_found_damage(tmp_path):
    damaged = tmp_path / "cut.resultbundle"
    data = SAMPLE.read_bytes()
    damaged.write_bytes(data[: len(data) * 2 // 3])
    assert call(["verify", damaged], tmp_path).returncode == 1


def test_row_1_import_skipped_an_input_it_could_not_read(tmp_path):
    (tmp_path / "notes.txt").write_text("not a test log\n")
    result = call(["import", LOG, "{tmp}/notes.txt", "-o", "{tmp}/i.resultbundle"], tmp_path)
    assert result.returncode == 1, result.stderr
    assert (tmp_path / "i.resultbundle").exists()


def test_row_1_import_read_an_input_only_up_to_where_it_broke(tmp_path):
    (tmp_path / "cut.xml").write_text('<testsuites><testsuite name="s"><testcase classname="c" name="a"/>\n<testcase')
    result = call(["import", "{tmp}/cut.xml", "-o", "{tmp}/i.resultbundle"], tmp_path)
    assert result.returncode == 1, result.stderr
    assert "cut off" in result.stderr and (tmp_path / "i.resultbundle").exists()


@pytest.mark.parametrize("command", ["info", "verify", "summary", "json"])
def test_row_1_a_write_that_failed(tmp_path, command):
    with open("/dev/full", "wb") as full:
        result = subprocess.run(
            [str(BINARY), command, str(SAMPLE)], stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert result.returncode == 1, result.stderr


@pytest.mark.parametrize("code", [0, 1, 3, 7, 64, 127])
def test_row_any_record_returns_the_commands_exit_code(tmp_path, code):
    command = f"cat '{LOG}'; exit {code}"
    result = call(["record", "--quiet", "-o", "{tmp}/r.resultbundle", "--", "sh", "-c", command], tmp_path)
    assert result.returncode == code, result.stderr


@pytest.mark.parametrize("code", [1, 3])
def test_row_any_record_of_an_empty_run_keeps_a_failing_commands_code(tmp_path, code):
    result = call(["record", "--quiet", "-o", "{tmp}/r.resultbundle", "--", "sh", "-c", f"exit {code}"], tmp_path)
    assert result.returncode == code, result.stderr


def test_row_5_record_of_a_run_with_no_test(tmp_path):
    result = call(["record", "--quiet", "-o", "{tmp}/r.resultbundle", "--", "true"], tmp_path)
    assert result.returncode == 5, result.stderr
    assert "no tests ran" in result.stderr
    allowed = call(["record", "--quiet", "--allow-empty", "-o", "{tmp}/a.resultbundle", "--", "true"], tmp_path)
    assert allowed.returncode == 0, allowed.stderr


def test_row_5_summary_fail_on_empty(tmp_path):
    assert call(["record", "--quiet", "--allow-empty", "-o", "{tmp}/e.resultbundle", "--", "true"], tmp_path).returncode == 0
    plain = call(["summary", "{tmp}/e.resultbundle"], tmp_path)
    assert plain.returncode == 0 and "\n## ⚠️ No tests ran" in plain.stdout
    failing = call(["summary", "--fail-on-empty", "{tmp}/e.resultbundle"], tmp_path)
    assert failing.returncode == 5 and "\n## ⚠️ No tests ran" in failing.stdout
    assert call(["summary", "--fail-on-empty", SAMPLE], tmp_path).returncode == 0


@pytest.mark.parametrize("signal_name,number", [("TERM", 15), ("INT", 2), ("KILL", 9)])
def test_row_any_record_returns_128_plus_the_signal_that_killed_the_command(tmp_path, signal_name, number):
    result = call(
        ["record", "--quiet", "-o", "{tmp}/r.resultbundle", "--", "sh", "-c", f"kill -{signal_name} $$"], tmp_path)
    assert result.returncode == 128 + number, result.stderr
