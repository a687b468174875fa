"""Compare: buckets from imported logs, the exit code of each --fail-on, the JSON against its schema,
the Markdown cap and the HTML page (which loads in Chromium without requests or script)."""
import json

import pytest

from conftest import ROOT, run


def console_log(tests):
    """An XCTest console log of `tests`: (name, status, seconds)."""
    lines = ["Test Suite 'All tests' started at 2026-11-25 07:00:00.000",
             "Test Suite 'CalcTests' started at 2026-11-25 07:00:00.000"]
    for name, status, seconds in tests:
        lines.append(f"Test Case '-[CalcTests.CalcTests {name}]' started.")
        if status == "failed":
            lines.append(f"/src/CalcTests.swift:7: error: -[CalcTests.CalcTests {name}] : XCTAssertTrue failed - {name} broke")
        if status == "skipped":
            lines.append(f"/src/CalcTests.swift:9: -[CalcTests.CalcTests {name}] : Test skipped - not today")
        lines.append(f"Test Case '-[CalcTests.CalcTests {name}]' {status} ({seconds:.3f} seconds).")
    failures = sum(1 for _, status, _ in tests if status == "failed")
    lines += ["Test Suite 'CalcTests' passed at 2026-11-25 07:00:01.000.",
              f"\t Executed {len(tests)} tests, with {failures} failures (0 unexpected) in 1.000 (1.000) seconds"]
    return "\n".join(lines) + "\n"


BASE = [("testKeeps", "passed", 0.01), ("testBreaks", "passed", 0.01), ("testFixed", "failed", 0.01),
        ("testSlows", "passed", 1.0), ("testGone", "passed", 0.01), ("testSkips", "passed", 0.01)]
HEAD = [("testKeeps", "passed", 0.01), ("testBreaks", "failed", 0.01), ("testFixed", "passed", 0.01),
        ("testSlows", "passed", 2.0), ("testSkips", "skipped", 0.0), ("testAdded", "passed", 0.01)]


@pytest.fixture(scope="module")
def bundles(tmp_path_factory):
    folder = tmp_path_factory.mktemp("compare")
    paths = []
    for name, tests in (("base", BASE), ("head", HEAD)):
        (folder / f"{name}.log").write_text(console_log(tests))
        run("import", folder / f"{name}.log", "-o", folder / f"{name}.resultbundle", "--quiet")
        paths.append(folder / f"{name}.resultbundle")
    return paths


def test_the_buckets_and_the_json_schema(bundles):
    import jsonschema
    document = json.loads(run("compare", *bundles, "--format", "json").stdout)
    jsonschema.validate(document, json.loads((ROOT / "docs" / "schemas" / "compare.schema.json").read_text()))
    buckets = {name: [entry["test"].split("/")[-1] for entry in entries]
               for name, entries in document["buckets"].items()}
    assert buckets["newFailures"] == ["testBreaks"]
    assert buckets["fixed"] == ["testFixed"]
    assert buckets["slower"] == ["testSlows"]
    assert buckets["newTests"] == ["testAdded"]
    assert buckets["removedTests"] == ["testGone"]
    assert buckets["newlySkipped"] == ["testSkips"]
    assert document["buckets"]["newFailures"][0]["message"].endswith("testBreaks broke")


@pytest.mark.parametrize("gate, expected", [
    ("new-failures", 1), ("slower", 1), ("removed", 1), ("newly-skipped", 1), ("flaky", 0), ("still-failing", 0),
    ("measurements", 0), ("flaky,slower", 1), ("flaky,still-failing", 0)])
def test_each_gate_sets_the_exit_code(bundles, gate, expected):
    assert run("compare", *bundles, "--fail-on", gate, check=False).returncode == expected


def test_an_unknown_gate_is_bad_usage(bundles):
    result = run("compare", *bundles, "--fail-on", "everything", check=False)
    assert result.returncode == 2 and "unknown bucket" in result.stderr


def test_markdown_stays_within_max_bytes(bundles):
    markdown = run("compare", *bundles, "--format", "markdown", "--max-bytes", "600").stdout
    assert len(markdown.encode()) <= 600
    assert "New failures: **1**" in markdown


def test_the_html_page_is_static_and_loads_clean(bundles, tmp_path):
    from test_report_browser import make_driver, requested_urls
    run("compare", *bundles, "-o", tmp_path / "compare")
    page = tmp_path / "compare" / "index.html"
    html = page.read_text()
    assert "<script" not in html and 'id="newFailures"' in html and "testBreaks" in html
    driver = make_driver()
    try:
        driver.get_log("performance")
        driver.get(page.as_uri())
        assert driver.execute_script("return document.querySelectorAll('section').length") >= 5
        assert all(url.startswith("file://") for url in requested_urls(driver))
        assert not [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    finally:
        driver.quit()


def test_with_a_history_a_test_is_slower_only_beyond_its_own_spread(tmp_path):
    history = tmp_path / "main.rbhistory"
    paths = []
    for index in range(8):
        noisy = 1.0 if index % 2 == 0 else 2.0
        log = tmp_path / f"run{index}.log"
        log.write_text(console_log([("testNoisy", "passed", noisy), ("testSteady", "passed", 1.0)]))
        paths.append(tmp_path / f"run{index}.resultbundle")
        run("import", log, "-o", paths[-1], "--quiet")
        run("history", "add", paths[-1], "--history", history)
    head_log = tmp_path / "head.log"
    head_log.write_text(console_log([("testNoisy", "passed", 2.0), ("testSteady", "passed", 1.5)]))
    head = tmp_path / "head.resultbundle"
    run("import", head_log, "-o", head, "--quiet")
    plain = json.loads(run("compare", paths[0], head, "--format", "json").stdout)
    assert sorted(entry["test"].split("/")[-1] for entry in plain["buckets"]["slower"]) == ["testNoisy", "testSteady"]
    judged = json.loads(run("compare", paths[0], head, "--format", "json", "--history", history).stdout)
    assert [entry["test"].split("/")[-1] for entry in judged["buckets"]["slower"]] == ["testSteady"]
    assert judged["buckets"]["slower"][0]["spread"] == 0 and judged["thresholds"]["spreadFactor"] == 3
    import jsonschema
    jsonschema.validate(judged, json.loads((ROOT / "docs" / "schemas" / "compare.schema.json").read_text()))
    assert run("compare", paths[0], head, "--history", history, "--fail-on", "slower", check=False).returncode == 1
    text = run("compare", paths[0], head, "--history", history).stdout
    assert "usually ± 0 ms" in text
