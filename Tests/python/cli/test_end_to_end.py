"""The built binary, run as a user would: import then info and verify, json, record's exit code, a record killed
with SIGKILL, damaged bundles, the publishing commands, a failed import, and the examples in every command's help."""
import contextlib
import json
import os
import signal
import subprocess
import time

from conftest import BINARY, FIXTURES, ROOT, info, run

CALC_LOG = FIXTURES / "corpus" / "swift-6.3-linux" / "calc.console.txt"
MIXED = ROOT / "SampleBundles" / "v1.0-mixed.resultbundle"


def totals(bundle):
    return info(bundle)["totals"]


def test_import_then_info_counts_the_log(tmp_path):
    bundle = tmp_path / "calc.resultbundle"
    run("import", CALC_LOG, "-o", bundle)
    counted = totals(bundle)
    assert (counted["tests"], counted["failed"], counted["skipped"]) == (10, 3, 2)
    run("verify", bundle)


def test_json_shows_every_performance_value_and_the_log_line_of_its_test(tmp_path):
    bundle = tmp_path / "calc.resultbundle"
    run("import", CALC_LOG, "-o", bundle)
    text = run("json", bundle).stdout
    perf = next(test for test in json.loads(text)["tests"] if test["name"] == "testPerf")
    assert perf["measurements"][0]["values"] == [
        0.000585, 0.000627, 0.000452, 0.000451, 0.000445, 0.000432, 0.000442, 0.000432, 0.000432, 0.000439]
    assert "some log line" in text


def test_record_returns_the_commands_exit_code(tmp_path):
    bundle = tmp_path / "r.resultbundle"
    result = run("record", "-o", bundle, "--", "sh", "-c", f"cat '{CALC_LOG}'; exit 3", check=False)
    assert result.returncode == 3, result.stderr
    assert "Test Case 'CalcXCTests.testAdd' passed" in result.stdout
    assert totals(bundle)["tests"] == 10


def child_processes(parent):
    """The processes whose parent is `parent`, from /proc (field 4 of `stat`, after the parenthesised name)."""
    children = []
    for entry in os.listdir("/proc"):
        try:
            stat = open(f"/proc/{entry}/stat").read() if entry.isdigit() else ""
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 1:].split()
        if len(fields) > 1 and fields[1] == str(parent):
            children.append(int(entry))
    return children


def test_a_record_killed_with_sigkill_keeps_every_finished_test(tmp_path):
    bundle = tmp_path / "killed.resultbundle"
    process = subprocess.Popen(
        [str(BINARY), "record", "-o", str(bundle), "--", "sh", "-c", f"cat '{CALC_LOG}'; exec sleep 60"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    orphans = []
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            time.sleep(0.2)
            if bundle.exists() and run("info", "--json", bundle, check=False).returncode == 0:
                if totals(bundle)["tests"] == 10:
                    break
        orphans = child_processes(process.pid)
    finally:
        process.kill()
        # The test command outlives a record killed with SIGKILL: end it too.
        for orphan in orphans:
            with contextlib.suppress(ProcessLookupError):
                os.kill(orphan, signal.SIGKILL)
        process.wait(timeout=30)
    assert process.returncode == -signal.SIGKILL
    counted = totals(bundle)
    assert (counted["tests"], counted["failed"]) == (10, 3)
    verify = run("verify", bundle, check=False)
    assert verify.returncode == 1 and "no valid index" in verify.stdout


def test_a_cut_or_flipped_sample_fails_verify_but_its_complete_tests_still_read(tmp_path):
    data = MIXED.read_bytes()
    cut = tmp_path / "cut.resultbundle"
    cut.write_bytes(data[:len(data) * 7 // 10])
    assert run("verify", cut, check=False).returncode == 1
    assert totals(cut)["tests"] > 0
    flipped = bytearray(data)
    flipped[len(data) // 2] ^= 0xFF
    damaged = tmp_path / "flipped.resultbundle"
    damaged.write_bytes(bytes(flipped))
    verify = run("verify", damaged, check=False)
    assert verify.returncode == 1 and "byte" in verify.stdout


def test_publishing_commands_write_their_outputs(tmp_path):
    run("report", MIXED, "-o", tmp_path / "site")
    assert (tmp_path / "site" / "index.html").is_file()
    run("junit", MIXED, "-o", tmp_path / "junit.xml")
    summary = run("summary", MIXED, "--max-bytes", "2000")
    assert len(summary.stdout.encode()) <= 2000
    assert sorted(path.name for path in tmp_path.iterdir()) == ["junit.xml", "site"]


def test_a_failed_import_leaves_the_existing_output_untouched(tmp_path):
    bundle = tmp_path / "keep.resultbundle"
    run("import", CALC_LOG, "-o", bundle)
    before = bundle.read_bytes()
    not_tests = tmp_path / "notes.bin"
    not_tests.write_bytes(bytes([0, 1, 2, 3]))
    result = run("import", not_tests, "-o", bundle, check=False)
    assert result.returncode != 0 and "notes.bin" in result.stderr
    assert bundle.read_bytes() == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["keep.resultbundle", "notes.bin"]


def test_help_shows_examples():
    for command in ("record", "import", "info", "verify", "merge", "json", "report", "junit", "summary", "snapshot",
                    "annotate", "shard"):
        shown = run("help", command).stdout
        assert "Examples:" in shown, command
        assert f"resultbundle {command} " in shown, f"{command} help has no example of itself"
