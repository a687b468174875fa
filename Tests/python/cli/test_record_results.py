"""`record --results`: the result files a test command writes (pytest's JUnit XML, Surefire's folder) are imported
into the recording; only files written or changed during the run count; with no test, record says where it looked.
Also the real check of pytest's JUnit XML: both families place a failure at its line and count xfail as an
expected failure."""
import json
import shutil
import subprocess
import sys

import pytest

from conftest import BINARY, FIXTURES

CALC = FIXTURES / "corpus" / "junit" / "pytest-made" / "test_calc.py.txt"
PYTEST_ARGS = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q"]


def project(tmp_path):
    """A small pytest project: `test_add_wrong` fails on line 14 of tests/test_calc.py."""
    (tmp_path / "tests").mkdir()
    shutil.copy(CALC, tmp_path / "tests" / "test_calc.py")
    return tmp_path


def resultbundle(*arguments, cwd):
    return subprocess.run([str(BINARY), *map(str, arguments)], cwd=cwd, capture_output=True, text=True, timeout=300)


def bundle_tests(bundle, cwd):
    result = resultbundle("json", bundle, cwd=cwd)
    assert result.returncode == 0, result.stderr
    return {test["name"]: test for test in json.loads(result.stdout)["tests"]}


def check_pytest_results(tests):
    assert sorted(tests) == ["test_add", "test_add_wrong", "test_divide_by_zero", "test_download", "test_round"]
    wrong = tests["test_add_wrong"]
    assert wrong["status"] == "failed"
    assert (wrong["issues"][0]["file"], wrong["issues"][0]["line"]) == ("tests/test_calc.py", 14)
    assert tests["test_divide_by_zero"]["issues"][0]["line"] == 32
    assert tests["test_round"]["status"] == "expectedFailure"
    assert tests["test_download"]["status"] == "skipped"


def test_record_holds_the_tests_of_the_junit_xml_pytest_writes(tmp_path):
    folder = project(tmp_path)
    result = resultbundle(
        "record", "-o", "run.resultbundle", "--results", "junit.xml", "--",
        *PYTEST_ARGS, "--junitxml=junit.xml", "tests", cwd=folder)
    assert result.returncode == 1, result.stderr  # pytest's own exit code: two tests failed
    assert "5 tests" in result.stderr and "junit.xml" in result.stderr
    check_pytest_results(bundle_tests("run.resultbundle", folder))


def test_results_auto_finds_pytests_junitxml_argument(tmp_path):
    folder = project(tmp_path)
    result = resultbundle(
        "record", "-o", "run.resultbundle", "--results", "auto", "--",
        *PYTEST_ARGS, "--junitxml", "reports/pytest.xml", "tests", cwd=folder)
    assert result.returncode == 1, result.stderr
    check_pytest_results(bundle_tests("run.resultbundle", folder))


def test_a_result_file_left_from_an_earlier_run_is_not_read(tmp_path):
    folder = project(tmp_path)
    shutil.copy(FIXTURES / "corpus" / "junit" / "pytest-made" / "calc-xunit2.xml", folder / "junit.xml")
    result = resultbundle("record", "-o", "run.resultbundle", "--results", "junit.xml", "--", "true", cwd=folder)
    # The command passed and ran no test that record could see: an empty run (exit 5, as pytest's).
    assert result.returncode == 5, result.stderr
    assert "0 tests" in result.stderr
    assert "no test was recognised" in result.stderr and "written or changed during the run at: junit.xml" in result.stderr


def test_without_results_record_says_how_to_name_them(tmp_path):
    folder = project(tmp_path)
    result = resultbundle(
        "record", "-o", "run.resultbundle", "--", *PYTEST_ARGS, "--junitxml=junit.xml", "tests", cwd=folder)
    assert "0 tests" in result.stderr
    assert "--results" in result.stderr and "--junitxml" in result.stderr


def test_results_auto_reads_a_surefire_folder_and_leaves_other_files(tmp_path):
    report = FIXTURES / "corpus" / "junit" / "test-reporter" / "external" / "java" / "junit4-basic.xml"
    script = (
        "mkdir -p target/surefire-reports && "
        f"cp '{report}' target/surefire-reports/TEST-basic.xml && "
        "echo 'Tests run: 2' > target/surefire-reports/basic.txt && "
        "echo '<testng-results/>' > target/surefire-reports/testng-results.xml")
    result = resultbundle("record", "-o", "run.resultbundle", "--results", "auto", "--", "sh", "-c", script,
                          cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "read 1 result file(s): target/surefire-reports/TEST-basic.xml" in result.stderr
    assert "error" not in result.stderr
    assert len(bundle_tests("run.resultbundle", tmp_path)) > 0


@pytest.mark.parametrize("family", ["xunit1", "xunit2"])
def test_import_of_pytests_junit_xml_places_failures_and_counts_xfail(tmp_path, family):
    folder = project(tmp_path)
    run = subprocess.run([*PYTEST_ARGS, "-o", f"junit_family={family}", "--junitxml=junit.xml", "tests"],
                         cwd=folder, capture_output=True, text=True, timeout=300)
    assert run.returncode == 1, run.stdout
    result = resultbundle("import", "junit.xml", "-o", "run.resultbundle", cwd=folder)
    assert result.returncode == 0, result.stderr
    tests = bundle_tests("run.resultbundle", folder)
    check_pytest_results(tests)
    if family == "xunit1":
        assert tests["test_add_wrong"]["location"] == {"file": "tests/test_calc.py", "line": 12}  # its def, which pytest writes as line="11"
    site = folder / "site"
    report = resultbundle("report", "run.resultbundle", "-o", site, "--source-root", folder, cwd=folder)
    assert report.returncode == 0, report.stderr
    pages = [page.read_text() for page in site.rglob("*.html")]
    assert any('class="source"' in page and "assert result == 5" in page for page in pages)
