"""Allure results folders, .xcresult bundles and xcresulttool JSON as a user imports them: JUnit of each validates
against the three schemas, and an .xcresult bundle that is locked, read-only, without its database, not SQLite,
cut short or full of hostile values is read or refused with a clear message, never a crash."""
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
