"""Every fixture of every results format, imported and checked against expected values written by hand from the
file itself (never from our importer's output): totals, the format detected, named tests with their status and
message, and the warnings a file's own declared totals must raise.

A fixture is a file or folder under Tests/Fixtures/formats/<format>/ with `<name>.expected.json` beside it:

    {"input": "optional path relative to this file, when the input lives elsewhere in Tests/Fixtures",
     "format": "trx", "tests": 12, "passed": 9, "failed": 2, "skipped": 1,
     "exit": 0,                                   # optional, default 0 (1 for a damaged file)
     "tests_named": [{"id": "Module/Suite/name",  # or "name": the test's own name, unique in the file
                      "status": "failed", "message": "a substring of its first issue's message",
                      "file": "path ending", "line": 12}],
     "warnings": ["a substring of a warning diagnostic"],
     "errors": ["a substring of an error diagnostic"]}
"""
import json
import pathlib

import pytest

from conftest import FIXTURES, run

FORMATS = FIXTURES / "formats"
EXPECTATIONS = sorted(FORMATS.rglob("*.expected.json"))


def input_of(expectation):
    named = json.loads(expectation.read_text()).get("input")
    if named:
        return (expectation.parent / named).resolve()
    return expectation.with_name(expectation.name.removesuffix(".expected.json"))


def test_every_fixture_has_its_input_and_every_format_folder_has_fixtures():
    for expectation in EXPECTATIONS:
        assert input_of(expectation).exists(), f"{expectation} has no input beside it"
    for folder in FORMATS.iterdir() if FORMATS.exists() else []:
        if folder.is_dir():
            assert any(folder.rglob("*.expected.json")), f"{folder.name} has no fixture with expected values"


@pytest.mark.parametrize("expectation", EXPECTATIONS, ids=lambda path: str(path.relative_to(FORMATS)))
def test_a_fixture_imports_with_the_totals_names_statuses_and_messages_written_beside_it(expectation, tmp_path):
    expected = json.loads(expectation.read_text())
    source = input_of(expectation)
    bundle = tmp_path / "out.resultbundle"
    result = run("import", source, "-o", bundle, check=False)
    assert result.returncode == expected.get("exit", 0), result.stderr
    information = json.loads(run("info", "--json", bundle).stdout)
    totals = information["totals"]
    for key in ("tests", "passed", "failed", "skipped"):
        if key in expected:
            assert totals[key] == expected[key], f"{key}: {totals[key]} != {expected[key]}\n{result.stderr}"
    document = json.loads(run("json", bundle).stdout)
    diagnostics = document["runs"][0].get("diagnostics", [])
    # The status line ends with the formats read: `… from 1 of 1 file (trx)`.
    assert result.stdout.rstrip().endswith(f"({expected['format']})"), result.stdout
    for named in expected.get("tests_named", []):
        test = find(document["tests"], named)
        if "status" in named:
            assert test["status"] == named["status"], test
        issues = [issue for attempt in test.get("attempts", []) for issue in attempt.get("issues", [])] + \
            test.get("issues", [])
        if "message" in named:
            assert any(named["message"] in issue["message"] for issue in issues), issues
        if "file" in named:
            assert any(str(issue.get("file", "")).endswith(named["file"]) for issue in issues), issues
        if "line" in named:
            assert any(issue.get("line") == named["line"] for issue in issues), issues
    for severity, key in (("warning", "warnings"), ("error", "errors")):
        said = [diagnostic["message"] for diagnostic in diagnostics if diagnostic["severity"] == severity]
        for text in expected.get(key, []):
            assert any(text in message for message in said), f"no {severity} containing {text!r} in {said}"


def find(tests, named):
    if "id" in named:
        matches = [test for test in tests if test["id"] == named["id"]]
    else:
        matches = [test for test in tests if test["name"] == named["name"]]
    assert len(matches) == 1, f"{named} matches {len(matches)} tests: {[test['id'] for test in tests][:50]}"
    return matches[0]


def test_import_help_and_the_docs_table_list_the_same_formats():
    """`import --help` lists the registry; docs/IMPORT.md's Formats table must name each of them, and no other."""
    import re
    from conftest import ROOT
    help_text = run("import", "--help").stdout
    # A name longer than the help's name column stands on a line of its own (`pytest-json-report`).
    listed = set(re.findall(r"^ {8}([a-z0-9-]+)(?: +- |\n)", help_text, re.MULTILINE)) - {"auto"}
    docs = (ROOT / "docs" / "IMPORT.md").read_text().split("## Formats", 1)[1].split("\n## ", 1)[0]
    documented = set(re.findall(r"^\| `([a-z0-9-]+)` \|", docs, re.MULTILINE))
    assert listed and listed == documented
