"""`coverage export` read by the tools each format is for: Cobertura against its DTD and by pycobertura, lcov by
`lcov --summary` and `genhtml`, SonarQube's XML against its schema; their totals equal ours."""
import json
import subprocess
import xml.etree.ElementTree as ElementTree

import pytest
from pycobertura import Cobertura

from conftest import FIXTURES, run
from coverage_projects import c_project, lcov_summary

COVERAGE = FIXTURES / "coverage"
SCHEMAS = FIXTURES / "schemas"


def inputs(tmp_path):
    """Coverage of several producers: (input, source root)."""
    tracefile, root = c_project(tmp_path / "c")
    return {
        "gcc-lcov": (tracefile, root),
        "coverage.py-cobertura": (COVERAGE / "cobertura" / "shapes-coveragepy.xml", tmp_path),
        "coverage.py-json": (COVERAGE / "coverage.py" / "shapes.json", tmp_path),
        "go": (COVERAGE / "go" / "cover.count.out", COVERAGE / "go"),
        "jacoco": (COVERAGE / "jacoco" / "jacoco.xml", COVERAGE / "jacoco"),
    }


def assert_xmllint_accepts(output, option, schema):
    result = subprocess.run(["xmllint", "--noout", "--nonet", option, str(schema), str(output)], capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stderr


INPUTS = ["gcc-lcov", "coverage.py-cobertura", "coverage.py-json", "go", "jacoco"]


def export(tmp_path, name, format):
    source, root = inputs(tmp_path)[name]
    output = tmp_path / f"out.{format}"
    run("coverage", "export", source, "--format", format, "-o", output, "--source-root", root, "--quiet")
    run("coverage", "export", source, "--format", "json", "-o", tmp_path / "ours.json", "--source-root", root,
        "--quiet")
    ours = json.loads((tmp_path / "ours.json").read_text())
    return output, ours, root


@pytest.mark.parametrize("name", INPUTS)
def test_cobertura_is_valid_against_its_dtd_and_pycobertura_counts_our_totals(tmp_path, name):
    output, ours, _ = export(tmp_path, name, "cobertura")
    assert_xmllint_accepts(output, "--dtdvalid", SCHEMAS / "coverage-04.dtd")
    report = Cobertura(str(output))
    assert report.total_statements() == ours["totals"]["linesFound"]
    assert abs(report.line_rate() - ours["totals"]["linesHit"] / max(1, ours["totals"]["linesFound"])) < 0.0001
    assert sorted(report.files()) == sorted(file["path"] for file in ours["files"])
    for file in ours["files"]:
        # pycobertura calls a line that ran with branches not all taken "partial" (and counts it as a miss).
        statuses = dict(report.line_statuses(file["path"]))
        partial = {line for line, found, hit in file["branches"] if 0 < hit < found or (hit == 0 and found > 0)}
        ran = {line for line, count in file["lines"] if count > 0}
        assert statuses == {
            line: ("miss" if count == 0 else "partial" if line in partial else "hit") for line, count in file["lines"]
        }, file["path"]
        assert len([s for s in statuses.values() if s != "miss"]) == len(ran) == file["totals"]["linesHit"]


@pytest.mark.parametrize("name", INPUTS)
def test_lcov_summary_gives_our_totals(tmp_path, name):
    output, ours, _ = export(tmp_path, name, "lcov")
    totals = ours["totals"]
    assert lcov_summary(output) == {
        "lines": (totals["linesHit"], totals["linesFound"]),
        "functions": (totals["functionsHit"], totals["functionsFound"]),
        "branches": (totals["branchesHit"], totals["branchesFound"]),
    }


def test_genhtml_draws_the_lcov_export_in_the_source_root(tmp_path):
    output, ours, root = export(tmp_path, "gcc-lcov", "lcov")
    site = tmp_path / "html"
    result = subprocess.run(["genhtml", "--quiet", "--rc", "lcov_branch_coverage=1", "-o", str(site), str(output)],
                            cwd=root, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    page = (site / "index.html").read_text()
    assert f'<td class="headerCovTableEntry">{ours["totals"]["linesFound"]}</td>' in page
    assert f'<td class="headerCovTableEntry">{ours["totals"]["linesHit"]}</td>' in page
    assert (site / "c" / "tally.c.gcov.html").exists() or list(site.rglob("tally.c.gcov.html"))


@pytest.mark.parametrize("name", INPUTS)
def test_sonarqube_xml_is_valid_against_its_schema_and_counts_our_lines(tmp_path, name):
    output, ours, _ = export(tmp_path, name, "sonarqube")
    assert_xmllint_accepts(output, "--schema", SCHEMAS / "sonar-generic-coverage.xsd")
    lines = ElementTree.parse(output).getroot().iter("lineToCover")
    lines = list(lines)
    assert len(lines) == ours["totals"]["linesFound"]
    assert sum(line.get("covered") == "true" for line in lines) == ours["totals"]["linesHit"]
    branches_on_lines = sum(
        found for file in ours["files"] for line, found, _ in file["branches"]
        if any(number == line for number, _ in file["lines"]))
    assert sum(int(line.get("branchesToCover", 0)) for line in lines) == branches_on_lines


@pytest.mark.parametrize("name", INPUTS)
def test_json_totals_are_the_sums_of_its_files(tmp_path, name):
    _, ours, _ = export(tmp_path, name, "json")
    assert ours["schema"] == "resultbundle-coverage" and ours["version"] == "1.0"
    assert ours["totals"]["linesFound"] == sum(len(file["lines"]) for file in ours["files"])
    assert ours["totals"]["linesHit"] == sum(sum(count > 0 for _, count in file["lines"]) for file in ours["files"])


def test_converts_and_merges_and_reads_its_own_json_back(tmp_path):
    shapes_xml = COVERAGE / "cobertura" / "shapes-coveragepy.xml"
    shapes_json = COVERAGE / "coverage.py" / "shapes.json"
    run("coverage", "export", shapes_xml, shapes_json, "--format", "json", "-o", tmp_path / "merged.json",
        "--source-root", tmp_path)
    run("coverage", "export", tmp_path / "merged.json", "--format", "json", "-o", tmp_path / "again.json",
        "--source-root", tmp_path)
    merged = json.loads((tmp_path / "merged.json").read_text())
    assert json.loads((tmp_path / "again.json").read_text()) == merged
    # The same run twice: every line that ran, ran twice as often.
    single = json.loads(run("coverage", "export", shapes_xml, "--format", "json", "-o", "-", "--source-root",
                            tmp_path, "--quiet").stdout)
    assert merged["totals"]["linesFound"] == single["totals"]["linesFound"] == 24


def test_an_unreadable_input_is_named_and_exit_1_while_the_others_are_exported(tmp_path):
    broken = tmp_path / "broken.info"
    broken.write_text("SF:a.c\nDA:1,1\n")
    output = tmp_path / "out.xml"
    result = run("coverage", "export", broken, COVERAGE / "cobertura" / "shapes-coveragepy.xml", "--format",
                 "cobertura", "-o", output, "--source-root", tmp_path, check=False)
    assert result.returncode == 1, result.stderr
    assert "broken.info" in result.stderr and "no end_of_record" in result.stderr
    assert output.exists()
    nothing = run("coverage", "export", broken, "--format", "lcov", "-o", tmp_path / "none.info", check=False)
    assert nothing.returncode == 2 and "no coverage input could be read" in nothing.stderr
    assert not (tmp_path / "none.info").exists()


def test_a_bundle_s_coverage_exports_as_the_files_it_was_imported_from(tmp_path):
    shapes = COVERAGE / "cobertura" / "shapes-coveragepy.xml"
    log = FIXTURES / "corpus" / "swift-6.3-linux" / "calc.console.txt"
    bundle = tmp_path / "run.resultbundle"
    run("import", log, shapes, "--source-root", tmp_path, "-o", bundle)
    from_bundle = json.loads(run("coverage", "export", bundle, "--format", "json", "-o", "-", "--quiet").stdout)
    direct = json.loads(run("coverage", "export", shapes, "--format", "json", "-o", "-", "--source-root", tmp_path,
                            "--quiet").stdout)
    assert from_bundle == direct
    wrong_run = run("coverage", "export", bundle, "--run", "2", "--format", "json", "-o", "-", check=False)
    assert wrong_run.returncode == 2 and "has no coverage for run 2; runs with coverage: 1" in wrong_run.stderr
    empty = run("coverage", "export", FIXTURES.parent.parent / "SampleBundles" / "v1.5-imported-run-facts.resultbundle",
                "--format", "lcov", "-o", tmp_path / "none.info", check=False)
    assert empty.returncode == 2 and "holds no coverage" in empty.stderr
