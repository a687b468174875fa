"""A crashed test as users see it: import of swift-argument-parser's real crash logs (an index out of range at
ExitCodeTests.swift:30), then summary, info, annotate and junit; and an empty run, which is not a success."""
import json
import subprocess

import pytest

from conftest import BINARY, FIXTURES

LOGS = FIXTURES / "corpus" / "swift-argument-parser"


def call(*arguments):
    return subprocess.run([str(BINARY), *map(str, arguments)], capture_output=True, text=True, timeout=120)


@pytest.fixture(params=["crash-sequential", "crash-parallel"])
def crashed(request, tmp_path):
    bundle = tmp_path / "crash.resultbundle"
    result = call("import", LOGS / f"{request.param}.console.txt", "-o", bundle)
    assert result.returncode == 0, result.stderr
    return bundle


def test_the_summary_carries_the_fatal_error_its_place_and_that_later_tests_did_not_run(crashed):
    summary = call("summary", crashed)
    assert summary.returncode == 0, summary.stderr
    assert "## ❌ 1 of" in summary.stdout
    assert "Fatal error: Index out of range" in summary.stdout
    assert "ExitCodeTests.swift:30" in summary.stdout
    assert "Tests after the crash did not run." in summary.stdout


def test_info_and_annotations_say_it_crashed(crashed):
    described = json.loads(call("info", "--json", crashed).stdout)
    assert described["notRun"] == {"afterCrash": True}
    assert "warning: tests after the crash did not run" in call("info", crashed).stdout
    annotations = call("annotate", "--format", "github", crashed).stdout
    assert "ExitCodeTests/testExitCodes crashed::Fatal error: Index out of range" in annotations
    assert "line=30" in annotations
    assert "::notice title=resultbundle::Tests after the crash did not run" in annotations


def test_junit_reports_the_crash_as_an_error_and_the_run_property(crashed, tmp_path):
    xml = call("junit", crashed, "-o", "-").stdout
    assert '<error message="Fatal error: Index out of range" type="crash">' in xml
    assert 'name="resultbundle.testsNotRun"' in xml


def test_an_empty_run_is_a_warning_everywhere(tmp_path):
    bundle = tmp_path / "empty.resultbundle"
    assert call("record", "--quiet", "--allow-empty", "-o", bundle, "--", "true").returncode == 0
    assert "\n## ⚠️ No tests ran" in call("summary", bundle).stdout
    assert "warning: no tests ran" in call("info", bundle).stdout
    assert "::warning title=resultbundle::No tests ran in" in call("annotate", "--format", "github", bundle).stdout
    site = tmp_path / "site"
    assert call("report", bundle, "-o", site).returncode == 0
    assert "No tests ran" in (site / "index.html").read_text()
