"""Allure results folders, .xcresult bundles and xcresulttool JSON as a user imports them: JUnit of each validates
against the three schemas, and an .xcresult bundle that is locked, read-only, without its database, not SQLite,
cut short or full of hostile values is read or refused with a clear message, never a crash."""
import json
import shutil
import sqlite3
import stat
import subprocess

import pytest

from conftest import FIXTURES, run

FORMATS = FIXTURES / "formats"
FAMILIES = {
    "allure": FORMATS / "allure" / "allure-pytest",
    "xcresult": FORMATS / "xcresult" / "Xcode16-Mixed.xcresult",
    "xcresulttool-json": FORMATS / "xcresulttool-json" / "Xcode16-Mixed.json",
}
SCHEMAS = {"jenkins": "jenkins-junit.xsd", "xunit": "junit-10.xsd", "surefire": "surefire-test-report.xsd"}
FLAKY = FORMATS / "xcresult" / "Test-FlakyFixture.xcresult"


@pytest.mark.parametrize("family", sorted(FAMILIES))
@pytest.mark.parametrize("flavor", sorted(SCHEMAS))
def test_junit_of_an_imported_fixture_validates_against_each_schema(family, flavor, tmp_path):
    bundle = tmp_path / "in.resultbundle"
    run("import", FAMILIES[family], "-o", bundle)
    output = tmp_path / ("reports" if flavor == "surefire" else "junit.xml")
    run("junit", bundle, "-o", output, "--flavor", flavor, "--attachments-dir", tmp_path / "attachments")
    for file in sorted(output.glob("*.xml")) if flavor == "surefire" else [output]:
        checked = subprocess.run(
            ["xmllint", "--noout", "--nonet", "--schema", str(FIXTURES / "schemas" / SCHEMAS[flavor]), str(file)],
            capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr


def bundle_copy(tmp_path, source=FLAKY, name="Copy.xcresult"):
    copy = tmp_path / name
    shutil.copytree(source, copy)
    return copy


def imported(path, tmp_path):
    return run("import", path, "-o", tmp_path / "out.resultbundle", check=False)


def test_a_bundle_whose_database_another_process_holds_locked_still_reads(tmp_path):
    bundle = bundle_copy(tmp_path)
    holder = sqlite3.connect(bundle / "database.sqlite3", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("UPDATE TestPlans SET name = name")
    try:
        result = imported(bundle, tmp_path)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert result.returncode == 0, result.stderr
    assert "2 tests (2 passed" in result.stdout


def test_a_read_only_bundle_reads_and_is_left_as_it_was(tmp_path):
    bundle = bundle_copy(tmp_path)
    before = sorted(path.name for path in bundle.iterdir())
    database = bundle / "database.sqlite3"
    content = database.read_bytes()
    database.chmod(stat.S_IRUSR)
    bundle.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        result = imported(bundle, tmp_path)
        assert result.returncode == 0, result.stderr
        assert sorted(path.name for path in bundle.iterdir()) == before
        assert database.read_bytes() == content
    finally:
        bundle.chmod(stat.S_IRWXU)


def test_a_bundle_without_its_database_says_how_to_make_it(tmp_path):
    bundle = bundle_copy(tmp_path)
    (bundle / "database.sqlite3").unlink()
    result = imported(bundle, tmp_path)
    assert result.returncode != 0
    assert "xcresulttool get test-results tests --path" in result.stderr
    assert "(xcresult)" not in result.stdout


def test_a_database_that_is_not_sqlite_is_named_so(tmp_path):
    bundle = bundle_copy(tmp_path)
    (bundle / "database.sqlite3").write_bytes(b"this is not a database at all, only text\n" * 200)
    result = imported(bundle, tmp_path)
    assert result.returncode != 0
    assert "database.sqlite3 is not an SQLite database" in result.stderr


@pytest.mark.parametrize("kept", [0, 100, 4096, 20_000, 100_000, 200_000])
def test_a_database_cut_short_is_refused_or_read_with_a_message_never_a_crash(kept, tmp_path):
    bundle = bundle_copy(tmp_path)
    database = bundle / "database.sqlite3"
    database.write_bytes(database.read_bytes()[:kept])
    result = imported(bundle, tmp_path)
    assert result.returncode in (0, 1, 2), result.stderr
    if result.returncode != 0:
        assert "database.sqlite3" in result.stderr


def test_hostile_values_in_the_real_schema_are_read_without_a_crash(tmp_path):
    bundle = bundle_copy(tmp_path)
    database = sqlite3.connect(bundle / "database.sqlite3")
    database.executescript("""
        UPDATE TestCaseRuns SET result = 'Flummoxed' WHERE rowid = 1;
        UPDATE TestCaseRuns SET duration = 1e308 WHERE rowid = 2;
        UPDATE TestCaseRuns SET duration = -5, skipNotice_fk = 999 WHERE rowid = 3;
        UPDATE TestSuites SET parentSuite_fk = rowid;
        UPDATE TestCases SET name = CAST(x'ff00fe' AS TEXT), identifier = '' WHERE rowid = 2;
        UPDATE TestIssues SET compactDescription = NULL, detailedDescription = NULL, sourceCodeContext_fk = 12345;
        INSERT INTO Activities (rowid, title, testCaseRun_fk, parent_fk, startTime, finishTime)
            VALUES (1, 'a', 1, 2, 1e308, -1e308), (2, 'b', 1, 1, NULL, NULL), (3, 'c', 1, NULL, 0, 1);
        INSERT INTO SourceCodeLocations (rowid, filePath, lineNumber) VALUES (50, '/x.swift', 9223372036854775807);
    """)
    database.commit()
    database.close()
    result = imported(bundle, tmp_path)
    assert result.returncode == 0, result.stderr
    assert "3 tests" in result.stdout or "2 tests" in result.stdout


def test_a_bundle_run_on_two_destinations_has_a_run_for_each(tmp_path):
    """The real flaky-retry database with a second destination added the way Xcode records one (its own action,
    test plan run, testable run and suite run), in the tables' own schema."""
    bundle = bundle_copy(tmp_path)
    database = sqlite3.connect(bundle / "database.sqlite3")
    database.executescript("""
        INSERT INTO RunDestinations (rowid, name, architecture, sdk_fk, device_fk) VALUES (2, 'iPad Air', 'arm64', 1, 1);
        INSERT INTO Actions (rowid, orderInInvocation, invocation_fk, name, started, finished, testPlan_fk,
                             runDestination_fk, host_fk)
            SELECT 2, 1, invocation_fk, name, started, finished, testPlan_fk, 2, host_fk FROM Actions WHERE rowid = 1;
        INSERT INTO TestPlanRuns (rowid, testPlan_fk, orderInAction, action_fk, configuration_fk) VALUES (2, 1, 0, 2, 1);
        INSERT INTO TestableRuns (rowid, testable_fk, orderInTestPlanRun, testPlanRun_fk) VALUES (2, 1, 0, 2);
        INSERT INTO TestSuiteRuns (rowid, duration, testSuite_fk, testableRun_fk, orderInParent) VALUES (2, 1.0, 1, 2, 0);
        INSERT INTO TestCaseRuns (result, testSuiteRun_fk, duration, testCase_fk, orderInTestSuiteRun)
            VALUES ('Failure', 2, 0.5, 1, 0), ('Success', 2, 0.25, 2, 1);
        INSERT INTO TestCaseResultsByDestinationAndConfiguration (testCase_fk, result, destination_fk, configuration_fk)
            VALUES (1, 'Failure', 2, 1), (2, 'Success', 2, 1);
    """)
    database.commit()
    database.close()
    output = tmp_path / "out.resultbundle"
    result = run("import", bundle, "-o", output)
    assert "4 tests (3 passed, 1 failed" in result.stdout
    document = json.loads(run("json", output).stdout)
    names = [entry.get("name") for entry in document["runs"]]
    assert "iPhone 17 Pro 27.0 · Test Scheme Action" in names and "iPad Air 27.0 · Test Scheme Action" in names
    by_run = {(test["runIndex"], test["name"]): test["status"] for test in document["tests"]}
    ipad = names.index("iPad Air 27.0 · Test Scheme Action")
    assert by_run[(ipad, "testFlaky()")] == "failed"


def test_a_database_without_a_table_every_test_needs_is_named_and_optional_tables_may_be_missing(tmp_path):
    bundle = bundle_copy(tmp_path)
    database = sqlite3.connect(bundle / "database.sqlite3")
    database.executescript("DROP TABLE TestTags; DROP TABLE Activities; DROP TABLE TestCaseResultsByDestinationAndConfiguration;")
    database.close()
    result = imported(bundle, tmp_path)
    assert result.returncode == 0, result.stderr
    assert "2 tests (2 passed" in result.stdout
    database = sqlite3.connect(bundle / "database.sqlite3")
    database.executescript("DROP TABLE TestPlanRuns;")
    database.close()
    result = imported(bundle, tmp_path)
    assert result.returncode != 0
    assert "database.sqlite3 has no TestPlanRuns table" in result.stderr


def test_performance_metrics_of_an_xcresult_are_the_tests_measurements(tmp_path):
    output = tmp_path / "out.resultbundle"
    run("import", FAMILIES["xcresult"], "-o", output)
    tests = {test["name"]: test for test in json.loads(run("json", output).stdout)["tests"]}
    measured = tests["testPerformance()"]["attempts"][-1]["measurements"]
    assert [entry["metric"] for entry in measured] == ["com.apple.XCTPerformanceMetric_WallClockTime"]
    assert measured[0]["unit"] == "seconds" and len(measured[0]["values"]) == 10
    assert measured[0]["values"][0] == 0.000219208
    assert len(tests["testPerformanceWithMetrics()"]["attempts"][-1]["measurements"]) == 7
