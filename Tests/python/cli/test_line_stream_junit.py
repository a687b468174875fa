"""A fixture of each line-stream format (TAP, go test -json, libtest JSON, pytest's report log, Dart JSON), imported
and exported as JUnit XML in every flavor, validates against that flavor's schema."""
import pytest

from conftest import FIXTURES, run
from test_junit_consumers import SCHEMAS, assert_junit_validates

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
    run("import", FIXTURES / "formats" / source, "-o", bundle)
    assert_junit_validates(bundle, flavor, tmp_path)
