"""Real consumers read our JUnit XML: xmllint against every schema, junitparser, and junit2html."""
import subprocess

import pytest
from junitparser import Error, Failure, JUnitXml, Skipped

from conftest import BUNDLES, FIXTURES, info, run

SCHEMAS = {"jenkins": "jenkins-junit.xsd", "xunit": "junit-10.xsd", "surefire": "surefire-test-report.xsd"}


@pytest.mark.parametrize("flavor", sorted(SCHEMAS))
@pytest.mark.parametrize("bundle", BUNDLES, ids=lambda path: path.stem)
def test_every_flavor_validates_with_xmllint(bundle, flavor, tmp_path):
    assert_junit_validates(bundle, flavor, tmp_path)


def assert_junit_validates(bundle, flavor, folder):
    """Exports `bundle` as JUnit XML of `flavor` into `folder` and validates every file against its schema."""
    output = folder / ("reports" if flavor == "surefire" else "junit.xml")
    run("junit", bundle, "-o", output, "--flavor", flavor, "--attachments-dir", folder / "attachments")
    files = sorted(output.glob("*.xml")) if flavor == "surefire" else [output]
    assert files
    for file in files:
        result = subprocess.run(
            ["xmllint", "--noout", "--nonet", "--schema", str(FIXTURES / "schemas" / SCHEMAS[flavor]), str(file)],
            capture_output=True, text=True)
        assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("bundle", BUNDLES, ids=lambda path: path.stem)
def test_junitparser_counts_names_and_messages_equal_the_bundle(bundle, tmp_path):
    output = tmp_path / "junit.xml"
    run("junit", bundle, "-o", output)
    totals = info(bundle)["totals"]
    cases = [case for suite in JUnitXml.fromfile(str(output)) for case in suite]
    assert len(cases) == totals["tests"]
    failed = [case for case in cases if any(isinstance(r, (Failure, Error)) for r in case.result)]
    skipped = [case for case in cases if any(isinstance(r, Skipped) for r in case.result)]
    assert len(failed) == totals["failed"]
    assert len(skipped) == totals["skipped"]
    exported = run("json", bundle).stdout
    for case in failed:
        assert case.name
        problem = next(r for r in case.result if isinstance(r, (Failure, Error)))
        assert problem.message is not None
        assert problem.text


def test_file_and_line_of_failures_reach_the_consumer(tmp_path):
    log = FIXTURES / "corpus" / "swift-6.3-linux" / "calc.console.txt"
    bundle = tmp_path / "calc.resultbundle"
    run("import", log, "-o", bundle)
    output = tmp_path / "junit.xml"
    run("junit", bundle, "-o", output)
    cases = {case.name: case for suite in JUnitXml.fromfile(str(output)) for case in suite}
    failure = cases["testAddFails"].result[0]
    assert "XCTests.swift:5" in failure.text
    assert "math is hard" in failure.message


@pytest.mark.parametrize("bundle", BUNDLES, ids=lambda path: path.stem)
def test_junit2html_renders_our_output(bundle, tmp_path):
    output = tmp_path / "junit.xml"
    run("junit", bundle, "-o", output)
    result = subprocess.run(["junit2html", str(output), str(tmp_path / "out.html")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out.html").stat().st_size > 0


def test_round_trip_through_our_junit_keeps_identity_status_and_duration(tmp_path):
    corpus = FIXTURES / "corpus" / "junit" / "publish-unit-test-result-action"
    for source in sorted(corpus.rglob("*.xml")):
        first = tmp_path / "first.resultbundle"
        if run("import", source, "-o", first, check=False).returncode != 0:
            continue
        xml = tmp_path / "again.xml"
        run("junit", first, "-o", xml)
        second = tmp_path / "second.resultbundle"
        run("import", xml, "-o", second)
        import json
        a = json.loads(run("json", first).stdout)["tests"]
        b = json.loads(run("json", second).stdout)["tests"]
        # JUnit has no word for an interrupted or timed-out test: both are written as failures (docs/JUNIT.md).
        in_junit = {"interrupted": "failed", "timedOut": "failed"}
        assert [(t["id"], in_junit.get(t["status"], t["status"])) for t in a] == [
            (t["id"], t["status"]) for t in b], source.name
        for x, y in zip(a, b):
            assert abs((x.get("duration") or 0) - (y.get("duration") or 0)) <= 0.001, source.name
            xm = [i["message"] for i in x.get("issues", []) if i.get("kind") != "skip"]
            ym = [i["message"] for i in y.get("issues", []) if i.get("kind") != "skip"]
            if x["status"] in in_junit:  # written with a failure that names the status
                assert ym[:1] == (xm[:1] or [x["status"]]), source.name
            else:
                assert xm[:1] == ym[:1], source.name
