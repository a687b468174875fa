"""JUnit XML of an imported JSON report (Jest, Mocha, mochawesome, Playwright, RSpec, pytest-json-report, CTRF)
validates against the three schemas, whatever the report carried: retries, hooks, stages, projects as runs."""
import subprocess

import pytest

from conftest import FIXTURES, run

FORMATS = ["jest-json", "mocha-json", "mochawesome", "playwright-json", "rspec-json", "pytest-json-report", "ctrf"]
SCHEMAS = {"jenkins": "jenkins-junit.xsd", "xunit": "junit-10.xsd", "surefire": "surefire-test-report.xsd"}


def fixtures():
    return [path for name in FORMATS for path in sorted((FIXTURES / "formats" / name).glob("*.json"))
            if not path.name.endswith(".expected.json")]


@pytest.mark.parametrize("flavor", sorted(SCHEMAS))
@pytest.mark.parametrize("report", fixtures(), ids=lambda path: f"{path.parent.name}/{path.name}")
def test_junit_of_an_imported_json_report_validates(report, flavor, tmp_path):
    bundle = tmp_path / "report.resultbundle"
    run("import", report, "-o", bundle)
    output = tmp_path / ("reports" if flavor == "surefire" else "junit.xml")
    run("junit", bundle, "-o", output, "--flavor", flavor, "--attachments-dir", tmp_path / "attachments")
    files = sorted(output.glob("*.xml")) if flavor == "surefire" else [output]
    assert files
    for file in files:
        result = subprocess.run(
            ["xmllint", "--noout", "--nonet", "--schema", str(FIXTURES / "schemas" / SCHEMAS[flavor]), str(file)],
            capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
