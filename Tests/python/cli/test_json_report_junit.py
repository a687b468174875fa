"""JUnit XML of an imported JSON report (Jest, Mocha, mochawesome, Playwright, RSpec, pytest-json-report, CTRF)
validates against the three schemas, whatever the report carried: retries, hooks, stages, projects as runs."""
import pytest

from conftest import FIXTURES, run
from test_junit_consumers import SCHEMAS, assert_junit_validates

FORMATS = ["jest-json", "mocha-json", "mochawesome", "playwright-json", "rspec-json", "pytest-json-report", "ctrf"]


def fixtures():
    return [path for name in FORMATS for path in sorted((FIXTURES / "formats" / name).glob("*.json"))
            if not path.name.endswith(".expected.json")]


@pytest.mark.parametrize("flavor", sorted(SCHEMAS))
@pytest.mark.parametrize("report", fixtures(), ids=lambda path: f"{path.parent.name}/{path.name}")
def test_junit_of_an_imported_json_report_validates(report, flavor, tmp_path):
    bundle = tmp_path / "report.resultbundle"
    run("import", report, "-o", bundle)
    assert_junit_validates(bundle, flavor, tmp_path)
