"""Recording the Examples package end to end: `resultbundle record -- swift test` keeps nested steps, terminal
snapshots, measurements and exact counts, and the report draws the snapshot while the JUnit output shows its text."""
import json
import subprocess

from conftest import ROOT, run


def depth(activity):
    return 1 + max((depth(child) for child in activity.get("activities", [])), default=0)


def walk_attachments(test):
    found = list(test.get("attachments", []))
    stack = list(test.get("activities", []))
    while stack:
        activity = stack.pop()
        found += activity.get("attachments", [])
        stack += activity.get("activities", [])
    return found


def test_recording_the_examples_keeps_steps_snapshots_and_measurements(tmp_path):
    bundle = tmp_path / "demo.resultbundle"
    result = subprocess.run(
        [str(ROOT / ".build" / "debug" / "resultbundle"), "record", "-o", str(bundle), "--", "swift", "test"],
        cwd=ROOT / "Examples", capture_output=True, text=True, timeout=1500)
    assert result.returncode == 1, result.stderr[-2000:]
    totals = json.loads(run("info", "--json", bundle).stdout)["totals"]
    assert (totals["tests"], totals["passed"], totals["failed"], totals["skipped"]) == (8, 4, 2, 2)
    tests = json.loads(run("json", bundle).stdout)["tests"]
    assert max(depth(activity) for test in tests for activity in test.get("activities", [])) >= 2
    snapshots = [a for test in tests for a in walk_attachments(test) if a["kind"] == "terminalSnapshot"]
    assert snapshots
    assert any(test.get("measurements") for test in tests)
    failing_step = next(t for t in tests if t["name"] == "testDeliberateFailureInsideAStep")
    assert failing_step["activities"][0]["status"] == "failed"

    site = tmp_path / "site"
    run("report", bundle, "-o", site)
    page = next((site / "tests").glob("*toolShowsAColoredTable*.html")).read_text()
    assert '<pre class="terminal"' in page and 'class="f' in page
    junit = tmp_path / "junit.xml"
    run("junit", bundle, "-o", junit)
    assert "fish         3" in junit.read_text()
