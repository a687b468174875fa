"""A fixture of each line-stream format (TAP, go test -json, libtest JSON, pytest's report log, Dart JSON), imported
and exported as JUnit XML in every flavor, validates against that flavor's schema."""
import subprocess

import pytest

from conftest import FIXTURES, run

SCHEMAS = {"jenkins": "jenkins-junit.xsd", "xunit": "junit-10.xsd", "surefire": "surefire-test-report.xsd"}
FORMATS = FIXTURES / "formats"
INPUTS = [
    "tap/node-test.tap",
    "tap/test-more.tap",
    "go-test-json/go-1.19.json",
    "go-test-json/test2json/build-failed.json",
    "libtest-json/cargo-test.json",
    "pytest-reportlog/shop.jsonl",
    "dart-json/test-reporter/dart-json.json",
]


@pytest.mark.parametrize("flavor", sorted(SCHEMAS))
@pytest.mark.parametrize("source", INPUTS)
def test_junit_of_an_imported_line_stream_validates(source, flavor, tmp_path):
    bundle = tmp_path / "in.resultbundle"
    run("import", FORMATS / source, "-o", bundle)
    output = tmp_path / ("reports" if flavor == "surefire" else "junit.xml")
    run("junit", bundle, "-o", output, "--flavor", flavor)
    files = sorted(output.glob("*.xml")) if flavor == "surefire" else [output]
    assert files
    for file in files:
        result = subprocess.run(
            ["xmllint", "--noout", "--nonet", "--schema", str(FIXTURES / "schemas" / SCHEMAS[flavor]), str(file)],
            capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
