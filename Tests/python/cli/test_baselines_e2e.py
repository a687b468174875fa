"""Baselines end to end: record the Examples package's measured test against a baseline 50% below its real average
(with a small maxRegression, since the test takes milliseconds and XCTest's 0.1 s floor would hide any change).
Expect a regression: a failed test with a performanceRegression issue, record's exit code 1 although the test
command passed, a report chart with the baseline, the summary's section and a JUnit failure. Then the same with
--baselines-advisory (nothing fails), and on another machine label (no baseline applies)."""
import json
import subprocess

import pytest

from conftest import BINARY, EXAMPLES_SWIFT_TEST, ROOT, run

FILTER = "WordTallyXCTests/testTablePerformance"


def record(bundle, *options):
    return subprocess.run(
        [str(BINARY), "record", "-o", str(bundle), *map(str, options), "--", *EXAMPLES_SWIFT_TEST, "--filter", FILTER],
        cwd=ROOT / "Examples", capture_output=True, text=True, timeout=1500)


def measured(bundle):
    tests = json.loads(run("json", bundle).stdout)["tests"]
    return next(test for test in tests if test.get("measurements"))


@pytest.fixture(scope="module")
def first(tmp_path_factory):
    """A recording of the measured test with no baseline: the store below is set from it, and the Xcode-shape test
    reads it (one `swift test` run for both, since neither changes the bundle)."""
    bundle = tmp_path_factory.mktemp("first") / "first.resultbundle"
    result = record(bundle, "--baselines", bundle.parent / "none")
    assert result.returncode == 0, result.stderr[-2000:]
    return bundle


@pytest.fixture(scope="module")
def store(first, tmp_path_factory):
    """A store whose only baseline is half of what the measured test really takes on this machine (its fastest
    iteration)."""
    store = tmp_path_factory.mktemp("baselines") / "store"
    run("baseline", "set", first, "--baselines", store)
    [file] = list(store.glob("*.json"))
    content = json.loads(file.read_text())
    [entry] = content["baselines"]
    # Half of the fastest iteration: the first recording runs cold (its average can be twice a later run's), so half
    # of its average could sit near a later run's; half of its best is below any run's average.
    entry["average"] = min(entry["values"]) / 2
    entry["maxRegression"] = 0.0001
    file.write_text(json.dumps(content, indent=2, sort_keys=True))
    return store


def test_a_regression_fails_the_test_and_the_run(store, tmp_path):
    bundle = tmp_path / "slow.resultbundle"
    result = record(bundle, "--baselines", store)
    assert result.returncode == 1, result.stderr[-2000:]
    assert "command exited 0" in result.stderr
    assert "1 measurement worse than the baseline" in result.stderr
    test = measured(bundle)
    assert test["status"] == "failed"
    [issue] = [issue for issue in test["issues"] if issue["kind"] == "performanceRegression"]
    assert "worse than the baseline" in issue["message"] and "%" in issue["message"]
    assert test["measurements"][0]["baseline"] > 0

    site = tmp_path / "site"
    run("report", bundle, "-o", site)
    page = next(page for page in (site / "tests").glob("*.html") if "testTablePerformance" in page.name).read_text()
    assert 'class="baseline"' in page and 'class="allowed"' in page and "worse than the baseline" in page
    assert 'class="change"' in page and "average +" in page
    summary = tmp_path / "summary.md"
    run("summary", bundle, "-o", summary)
    assert "### Performance regressions" in summary.read_text()
    junit = tmp_path / "junit.xml"
    run("junit", bundle, "-o", junit)
    assert "worse than the baseline" in junit.read_text()
    checked = run("baseline", "check", bundle, "--baselines", store, check=False)
    assert checked.returncode == 1 and "REGRESSED" in checked.stdout


def test_advisory_baselines_report_without_failing(store, tmp_path):
    bundle = tmp_path / "advisory.resultbundle"
    result = record(bundle, "--baselines", store, "--baselines-advisory")
    assert result.returncode == 0, result.stderr[-2000:]
    test = measured(bundle)
    assert test["status"] == "passed"
    assert any(issue["kind"] == "warning" and "Advisory" in issue["message"] for issue in test["issues"])


def test_a_baseline_never_applies_to_another_machine(store, tmp_path):
    bundle = tmp_path / "other.resultbundle"
    result = record(bundle, "--baselines", store, "--machine-label", "another-runner")
    assert result.returncode == 0, result.stderr[-2000:]
    assert "no baselines for this machine" in result.stderr and "machines with baselines" in result.stderr
    test = measured(bundle)
    assert test["status"] == "passed" and not test["issues"]
    assert test["measurements"][0].get("baseline") is None


def test_store_files_follow_their_json_schema(store):
    import jsonschema
    schema = json.loads((ROOT / "docs" / "schemas" / "baselines.schema.json").read_text())
    written = sorted(store.glob("*.json"))
    committed = sorted((ROOT / "Examples" / "PerformanceBaselines").glob("*.json"))
    # An empty glob would validate nothing and pass: the store holds the one file `baseline set` wrote, and the
    # Examples package commits at least one.
    assert written, f"baseline set wrote no JSON file into {store}"
    assert committed, "Examples/PerformanceBaselines holds no JSON file to validate"
    for file in written + committed:
        jsonschema.validate(json.loads(file.read_text()), schema)


def test_set_writes_xcodes_shape(first, tmp_path):
    folder = tmp_path / "Example.xcbaseline"
    run("baseline", "set", first, "--format", "xcode", "--baselines", folder, "--machine-label", "ci")
    import plistlib
    info = plistlib.loads((folder / "Info.plist").read_bytes())
    [(uuid, destination)] = info["runDestinationsByUUID"].items()
    assert destination["localComputer"]["modelCode"] == "resultbundle:ci"
    classes = plistlib.loads((folder / f"{uuid}.plist").read_bytes())["classNames"]
    metric = classes["WordTallyXCTests"]["testTablePerformance()"]["com.apple.XCTPerformanceMetric_WallClockTime"]
    assert metric["baselineAverage"] > 0
    shown = run("baseline", "show", "--baselines", folder).stdout
    assert "-ci  1 baselines" in shown
    mismatch = run("baseline", "set", first, "--format", "xcode", "--baselines", tmp_path / "store", check=False)
    assert mismatch.returncode == 2 and "does not match" in mismatch.stderr
