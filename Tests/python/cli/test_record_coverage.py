"""`record --coverage -- swift test` on the Examples package: the tests run with --enable-code-coverage, and the
coverage JSON SwiftPM exports is stored as the run's coverage, paths relative to the package (docs/COVERAGE.md).
Slow (builds the Examples package with coverage): one test."""
import json
import pathlib
import shutil
import subprocess

from conftest import BINARY, ROOT, run

EXAMPLES = ROOT / "Examples"
# The toolchain's own LLVM tools: a system llvm-profdata of another version does not read its profiles.
TOOLS = pathlib.Path(shutil.which("swift")).resolve().parent


def test_record_coverage_of_swift_test_stores_swiftpms_coverage(tmp_path):
    bundle = tmp_path / "covered.resultbundle"
    result = subprocess.run(
        [str(BINARY), "record", "--coverage", "-o", str(bundle), "--",
         "swift", "test"],
        cwd=EXAMPLES, capture_output=True, text=True, timeout=1500)
    assert result.returncode == 1, result.stderr[-2000:]  # the Examples fail on purpose
    assert "resultbundle: coverage: " in result.stderr
    info = json.loads(run("info", "--json", bundle).stdout)
    assert info["totals"]["tests"] == 8, "the tests are recorded as without --coverage"
    coverage = info["coverage"]
    assert 0 < coverage["linesHit"] < coverage["linesFound"]
    assert coverage["functionsFound"] > 0

    # The coverage SwiftPM's profiles give (exported by llvm-cov, as SwiftPM does when all tests pass; here two
    # fail, so SwiftPM exported nothing), imported on its own, gives the same for the package's own files.
    exported = tmp_path / "exported.json"
    codecov = EXAMPLES / ".build" / "x86_64-unknown-linux-gnu" / "debug" / "codecov"
    profiles = sorted(str(path) for path in codecov.glob("*.profraw"))
    subprocess.run([str(TOOLS / "llvm-profdata"), "merge", "-sparse", *profiles, "-o", str(tmp_path / "p.profdata")], check=True)
    binary = codecov.parent / "WordTallyPackageTests.xctest"
    with exported.open("w") as output:
        subprocess.run([str(TOOLS / "llvm-cov"), "export", "-format=text", f"-instr-profile={tmp_path / 'p.profdata'}",
                        str(binary)], stdout=output, check=True)
    alone = tmp_path / "alone.resultbundle"
    run("import", exported, "-o", alone, "--source-root", EXAMPLES)
    recorded = {entry["path"]: entry["totals"] for entry in json.loads(run("json", bundle).stdout)["coverage"][0]["files"]}
    imported = {entry["path"]: entry["totals"] for entry in json.loads(run("json", alone).stdout)["coverage"][0]["files"]}
    assert recorded == {path: totals for path, totals in imported.items() if not path.startswith(".build/")}
    assert recorded["Sources/WordTally/WordTally.swift"]["linesFound"] > 0
    assert set(recorded) >= {"Sources/WordTally/WordTally.swift", "Tests/WordTallyTests/WordTallyXCTests.swift"}
