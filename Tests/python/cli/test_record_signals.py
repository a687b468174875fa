"""`record` cancelled the way CI systems cancel jobs (docs/RECORDING.md): the signal reaches the whole test command,
nothing it started is left running, the bundle is closed with its index and marked interrupted, and record exits
with 128 + the signal's number."""
import json
import os
import pathlib
import signal
import subprocess
import time

import pytest

from conftest import BINARY, FIXTURES

LOG = FIXTURES / "corpus" / "swift-6.3-linux" / "calc.console.txt"


def living_members(group):
    """Processes of `group` that are not zombies, from /proc."""
    members = []
    for entry in pathlib.Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            text = (entry / "stat").read_text()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2:].split()
        if fields[0] != "Z" and int(fields[2]) == group:
            members.append(int(entry.name))
    return members


def command_script(folder, ignores_signals):
    """A test command: prints a finished XCTest run, starts grandchildren (one that ignores SIGTERM), writes its
    process group id, and waits."""
    trap = "trap '' INT TERM HUP" if ignores_signals else ""
    script = folder / "tests.sh"
    script.write_text(f"""{trap}
cat '{LOG}'
sleep 300 &
sh -c "trap '' TERM INT HUP; sleep 300" &
echo $$ > '{folder}/group'
wait
""")
    return script


def wait_for(path, seconds=20):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if path.exists() and path.read_text().strip():
            return path.read_text().strip()
        time.sleep(0.05)
    raise AssertionError(f"{path} never appeared")


def bundle_facts(bundle):
    exported = json.loads(subprocess.run([str(BINARY), "json", str(bundle)], capture_output=True, check=True).stdout)
    return exported["runs"][0], len(exported["tests"])


SIGNALS = [signal.SIGINT, signal.SIGTERM, signal.SIGHUP]


@pytest.mark.parametrize("how", ["to record", "to record's group (setsid, kill -PGID)"])
@pytest.mark.parametrize("ignores", [False, True], ids=["child obeys", "child ignores signals"])
@pytest.mark.parametrize("sent", SIGNALS, ids=[s.name for s in SIGNALS])
def test_a_cancelled_record_ends_every_process_and_closes_its_bundle(tmp_path, sent, ignores, how):
    script = command_script(tmp_path, ignores_signals=ignores)
    bundle = tmp_path / "run.resultbundle"
    prefix = ["setsid"] if how.startswith("to record's group") else []
    record = subprocess.Popen(
        [*prefix, str(BINARY), "record", "--grace-period", "1", "-o", str(bundle), "--", "sh", str(script)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    group = int(wait_for(tmp_path / "group"))
    time.sleep(0.3)
    assert len(living_members(group)) >= 3, "the command and its grandchildren are running"
    started = time.monotonic()
    if prefix:
        os.killpg(record.pid, sent)
    else:
        record.send_signal(sent)
    _, errors = record.communicate(timeout=30)
    assert record.returncode == 128 + sent, errors
    assert time.monotonic() - started < 8, "the grace period is 1 s"
    assert living_members(group) == [], "no process the command started outlives record"

    verify = subprocess.run([str(BINARY), "verify", str(bundle)], capture_output=True, text=True)
    assert verify.returncode == 0, verify.stdout
    assert "no valid index" not in verify.stdout
    run, tests = bundle_facts(bundle)
    assert run["interrupted"] is True and run["interruption"] == sent.name
    assert tests == 10, "every test that ended before the signal is in the bundle"
    assert f"cancelled by {sent.name}" in errors


def test_a_command_that_exits_leaves_no_background_process_behind(tmp_path):
    marker = tmp_path / "group"
    command = f"echo $$ > '{marker}'; sleep 300 & cat '{LOG}'"
    result = subprocess.run(
        [str(BINARY), "record", "--quiet", "-o", str(tmp_path / "run.resultbundle"), "--", "sh", "-c", command],
        capture_output=True, timeout=60)
    assert result.returncode == 0
    assert living_members(int(marker.read_text())) == []


def test_record_survives_a_reader_that_goes_away(tmp_path):
    log = tmp_path / "many.log"
    lines = ["Test Suite 'Many' started at 2026-11-22 11:06:58.105"]
    for number in range(20_000):
        lines.append(f"Test Case 'Many.test{number}' started at 2026-11-22 11:06:58.105")
        lines.append(f"Test Case 'Many.test{number}' passed (0.001 seconds).")
    log.write_text("\n".join(lines) + "\n")
    bundle = tmp_path / "run.resultbundle"
    pipeline = subprocess.run(
        f"'{BINARY}' record --quiet -o '{bundle}' -- cat '{log}' | head -1; echo \"${{PIPESTATUS[0]}}\" > '{tmp_path}/status'",
        shell=True, executable="/bin/bash", capture_output=True, text=True, timeout=120)
    assert pipeline.stdout.startswith("Test Suite 'Many' started")
    assert (tmp_path / "status").read_text().strip() == "0"
    run, tests = bundle_facts(bundle)
    assert tests == 20_000 and run["interrupted"] is False
    assert subprocess.run([str(BINARY), "verify", str(bundle)], capture_output=True).returncode == 0
