"""`record` reads only regular files in the recorder's journal folder: a named pipe, a device or a
link put there by a test is skipped with a warning, never opened, so `record` cannot block on it."""
import json
import subprocess

import pytest

from conftest import BINARY, FIXTURES, info, run

LOG = FIXTURES / "corpus" / "swift-6.3-linux" / "calc.console.txt"


@pytest.mark.parametrize("make_entry", [
    'mkfifo "$RESULTBUNDLE_JOURNAL_DIR/stuck.resultbundle"',
    'ln -s /dev/zero "$RESULTBUNDLE_JOURNAL_DIR/endless.resultbundle"',
    'mkfifo "$RESULTBUNDLE_JOURNAL_DIR/target"; ln -s target "$RESULTBUNDLE_JOURNAL_DIR/linked.resultbundle"',
], ids=["fifo", "symlink-to-device", "symlink-to-fifo"])
def test_a_special_file_in_the_journal_folder_is_skipped_with_a_warning(tmp_path, make_entry):
    bundle = tmp_path / "run.resultbundle"
    script = f"{make_entry}\ncat '{LOG}'\n"
    result = subprocess.run([str(BINARY), "record", "-o", str(bundle), "--", "sh", "-c", script],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert run("verify", bundle).returncode == 0
    described = info(bundle)
    assert described["totals"]["tests"] == 10
    exported = json.loads(run("json", bundle, "-o", "-").stdout)
    warnings = [d["message"] for d in exported["runs"][0]["diagnostics"]]
    assert any("journal folder" in w and "not a journal file" in w for w in warnings), warnings
