"""Recording the Examples package end to end: `resultbundle record -- swift test` keeps nested steps, terminal
snapshots, measurements and exact counts, and the report draws the snapshot while the JUnit output shows its text."""
import json
import xml.etree.ElementTree as ET
import subprocess

from conftest import BINARY, EXAMPLES_SWIFT_TEST, ROOT, run


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
        [str(BINARY), "record", "-o", str(bundle), "--", *EXAMPLES_SWIFT_TEST],
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

    # Source and paths: the run noted the repository (this one), so without --source-root the failure
    # page shows the lines around the failure, paths are relative to the repository, and --source-url links them to
    # the forge at the commit git reported when recording; the summary and the annotations use the same paths.
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True).stdout
    run_record = json.loads(run("json", bundle).stdout)["runs"][0]
    tags = run_record.get("environment", {})
    assert tags.get("vcs.root") == str(ROOT) and tags.get("vcs.commit") == commit.strip()
    linked = tmp_path / "linked"
    template = "https://forge.example/org/repo/blob/{commit}/{path}#L{line}"
    run("report", bundle, "-o", linked, "--source-url", template)
    page = next((linked / "tests").glob("*WordTallyXCTests_testDeliberateFailureInside*.html")).read_text()
    assert '<pre class="source"' in page and 'class="hit"' in page
    relative = "Examples/Tests/WordTallyTests/WordTallyXCTests.swift"
    assert f'href="https://forge.example/org/repo/blob/{commit.strip()}/{relative}#L' in page
    # (The console output keeps the paths as printed: only locations are shown relative.)
    assert f'<code class="location">{relative}:' in page and f'<code class="location">{ROOT}' not in page
    summary = run("summary", bundle, "--source-url", template).stdout
    assert f"<code>{relative}:" in summary and f"/blob/{commit.strip()}/{relative}&#35;L" in summary  # "#" escaped
    annotations = run("annotate", bundle, "--format", "github").stdout
    assert f"file={relative}," in annotations
    # JUnit: each failure body opens with the location (relative); the console output in system-out is as printed.
    bodies = [failure.text or "" for failure in ET.parse(junit).iter("failure")]
    assert any(body.startswith(f"{relative}:") for body in bodies), bodies
    assert not any(str(ROOT) in body for body in bodies)
