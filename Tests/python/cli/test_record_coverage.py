"""`record --coverage -- swift test` on the Examples package: the tests run with --enable-code-coverage, and the
coverage JSON SwiftPM exports is stored as the run's coverage, paths relative to the package (docs/COVERAGE.md).
Slow (builds the Examples package with coverage): one test."""
import json
import subprocess

from conftest import ROOT, run

EXAMPLES = ROOT / "Examples"


def test_record_coverage_of_swift_test_stores_swiftpms_coverage(tmp_path):
    bundle = tmp_path / "covered.resultbundle"
    result = subprocess.run(
        [str(ROOT / ".build" / "debug" / "resultbundle"), "record", "--coverage", "-o", str(bundle), "--",
         "swift", "test"],
        cwd=EXAMPLES, capture_output=True, text=True, timeout=1500)
    assert result.returncode == 1, result.stderr[-2000:]  # the Examples fail on purpose
    assert "resultbundle: coverage: " in result.stderr
    info = json.loads(run("info", "--json", bundle).stdout)
    assert info["totals"]["tests"] == 8, "the tests are recorded as without --coverage"
    coverage = info["coverage"]
    assert 0 < coverage["linesHit"] < coverage["linesFound"]
    assert coverage["functionsFound"] > 0

    # The file SwiftPM wrote, where `swift test --show-codecov-path` says, imported on its own gives the same.
    path = subprocess.run(["swift", "test", "--enable-code-coverage", "--show-codecov-path"], cwd=EXAMPLES,
                          capture_output=True, text=True, check=True).stdout.strip()
    alone = tmp_path / "alone.resultbundle"
    run("import", path, "-o", alone, "--source-root", EXAMPLES)
    assert json.loads(run("info", "--json", alone).stdout)["coverage"] == coverage

    files = {entry["path"] for entry in json.loads(run("json", bundle).stdout)["coverage"][0]["files"]}
    assert any(file.startswith("Sources/") for file in files), files
    assert not any(file.startswith("/") or file.startswith("..") for file in files), files
