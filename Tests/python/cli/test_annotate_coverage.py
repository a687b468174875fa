"""`annotate --coverage-base`: changed lines the tests did not run become warnings in every CI format, on a real git
history (a C program changed, built with gcc --coverage, captured with lcov). The expected ranges are worked out
here from git's own hunks and lcov's DA lines, independently of the tool."""
import json
import re
import subprocess

import jsonschema

from conftest import BINARY, FIXTURES, ROOT, run
from coverage_projects import added_lines, tracefile_lines
from test_coverage_diff import change  # noqa: F401 (the fixture: a changed, built repository)

SCHEMA = json.loads((ROOT / "docs" / "schemas" / "gitlab-codequality.schema.json").read_text())


def expected_ranges(repository, tracefile):
    """Per file under app/: the uncovered changed lines merged into ranges; any other line that could run (a DA
    line) splits a range, lines that cannot run do not."""
    added = added_lines(repository)
    ranges = {}
    for name, counts in tracefile_lines(tracefile, "/repo/app/").items():
        relative = "app/" + name
        lines = sorted(counts.items())
        changed = added.get(relative, set())
        current = None
        for number, count in lines:
            if number in changed and count == 0:
                current = [current[0], number] if current else [number, number]
            elif current:
                ranges.setdefault(relative, []).append(tuple(current))
                current = None
        if current:
            ranges.setdefault(relative, []).append(tuple(current))
    return ranges


def annotate(repository, bundle, *extra):
    result = subprocess.run([str(BINARY), "annotate", str(bundle), "--source-root", "app", "--coverage-base", "HEAD",
                             *extra], cwd=repository, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


def bundle_of(change, tmp_path):
    repository, tracefile = change
    bundle = tmp_path / "run.resultbundle"
    log = FIXTURES / "corpus" / "swift-6.3-linux" / "calc.console.txt"
    run("import", log, tracefile, "--source-root", repository / "app", "-o", bundle)
    return bundle


def test_every_format_marks_each_uncovered_changed_range(change, tmp_path):
    repository, tracefile = change
    bundle = bundle_of(change, tmp_path)
    expected = expected_ranges(repository, tracefile)
    assert expected, "the change must leave some changed lines uncovered"
    wanted = sorted((path, first, last) for path, ranges in expected.items() for first, last in ranges)

    github = annotate(repository, bundle, "--format", "github")
    found = []
    for match in re.finditer(r"^::warning file=([^,]+),line=(\d+)(?:,endLine=(\d+))?,title=Changed lines not covered "
                             r"by tests::(.*)$", github, re.M):
        first = int(match.group(2))
        found.append((match.group(1), first, int(match.group(3) or first)))
        assert "did not run in the tests" in match.group(4)
    assert sorted(found) == wanted

    report = json.loads(annotate(repository, bundle, "--format", "gitlab"))
    jsonschema.validate(report, SCHEMA)
    entries = [e for e in report if e["check_name"] == "uncovered-change"]
    assert sorted((e["location"]["path"], e["location"]["lines"]["begin"], e["location"]["lines"]["end"])
                  for e in entries) == wanted
    assert all(e["severity"] == "minor" for e in entries)

    azure = annotate(repository, bundle, "--format", "azure")
    assert sorted(re.findall(r"^##vso\[task\.logissue type=warning;sourcepath=([^;]+);linenumber=(\d+);\]Changed",
                             azure, re.M)) == sorted((path, str(first)) for path, first, _ in wanted)

    teamcity = annotate(repository, bundle, "--format", "teamcity")
    places = re.findall(r"^##teamcity\[message text='([^:']+):(\d+)(?:-(\d+))?: Changed lines not covered", teamcity,
                        re.M)
    assert sorted((p, int(a), int(b or a)) for p, a, b in places) == wanted


def test_caps_per_file_and_overall_leave_a_note_counting_the_rest(change, tmp_path):
    repository, tracefile = change
    bundle = bundle_of(change, tmp_path)
    expected = expected_ranges(repository, tracefile)
    total = sum(len(ranges) for ranges in expected.values())
    github = annotate(repository, bundle, "--format", "github", "--max-coverage-per-file", "1")
    warnings = re.findall(r"^::warning file=([^,]+),.*title=Changed lines not covered", github, re.M)
    assert sorted(warnings) == sorted(expected)
    if total > len(expected):
        assert f"{total - len(expected)} more uncovered changed range" in github
    capped = annotate(repository, bundle, "--format", "github", "--max-coverage-annotations", "0")
    assert "title=Changed lines not covered" not in capped
    assert f"::notice title=resultbundle::{total} more uncovered changed range" in capped


def test_without_a_change_no_coverage_warning_and_a_bundle_without_coverage_is_refused(change, tmp_path):
    repository, _ = change
    bundle = bundle_of(change, tmp_path)
    plain = run("annotate", bundle, "--format", "github").stdout
    assert "Changed lines not covered" not in plain
    no_coverage = tmp_path / "plain.resultbundle"
    run("import", FIXTURES / "corpus" / "swift-6.3-linux" / "calc.console.txt", "-o", no_coverage)
    result = subprocess.run([str(BINARY), "annotate", str(no_coverage), "--format", "github", "--coverage-base",
                             "HEAD"], cwd=repository, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and "hold no coverage" in result.stderr
