"""Shared fixtures: the built binary, the sample and hostile bundles, and reports and exports made from them."""
import json
import os
import pathlib
import stat
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "Tests" / "Fixtures"
BINARY = pathlib.Path(os.environ.get("RESULTBUNDLE_BINARY", ROOT / ".build" / "debug" / "resultbundle"))
SAMPLES = sorted((ROOT / "SampleBundles").glob("*.resultbundle"))
HOSTILE = ROOT / "Tests" / "Fixtures" / "hostile.resultbundle"
BUNDLES = SAMPLES + [HOSTILE]
# How every test runs the Examples package's tests: with coverage, as `record --coverage` (the coverage test, the CI
# recipes) runs them, since SwiftPM rebuilds the package and what it depends on whenever the flag changes.
EXAMPLES_SWIFT_TEST = ("swift", "test", "--enable-code-coverage")


def run(*arguments, check=True):
    result = subprocess.run([str(BINARY), *map(str, arguments)], capture_output=True, text=True, timeout=120)
    if check and result.returncode != 0:
        raise AssertionError(f"resultbundle {' '.join(map(str, arguments))} failed: {result.stderr}")
    return result


def stand_in(tmp_path, name, script, **variables):
    """An environment whose PATH finds `script` first as the command `name` (a stand-in for `swift`), with
    `variables` set; the script goes in `tmp_path/bin`."""
    folder = tmp_path / "bin"
    folder.mkdir(exist_ok=True)
    tool = folder / name
    tool.write_text(script)
    tool.chmod(tool.stat().st_mode | stat.S_IEXEC)
    return dict(os.environ, PATH=f"{folder}:{os.environ['PATH']}",
                **{key: str(value) for key, value in variables.items()})


def info(bundle):
    return json.loads(run("info", "--json", bundle).stdout)


@pytest.fixture(scope="session")
def reports(tmp_path_factory):
    """One HTML report per bundle: {bundle name: report folder}."""
    base = tmp_path_factory.mktemp("reports")
    folders = {}
    for bundle in BUNDLES:
        folder = base / bundle.stem / "site"
        run("report", bundle, "-o", folder, "--title", f"Report of {bundle.stem}")
        folders[bundle.stem] = folder
    return folders


# The test files that build and run the Examples package: SwiftPM locks its `.build`, so under pytest-xdist they
# share one worker (`--dist loadgroup`) instead of waiting on each other's lock.
EXAMPLES_TEST_FILES = {"test_baselines_e2e.py", "test_ci_recipes.py", "test_examples_recording.py",
                       "test_record_coverage.py"}


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups off the items
def pytest_collection_modifyitems(items):
    for item in items:
        if item.path.name in EXAMPLES_TEST_FILES:
            item.add_marker(pytest.mark.xdist_group("examples"))
