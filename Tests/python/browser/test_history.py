"""History: `history add` appends a run's digest (size per test and run), `--keep` caps it, `history
show` ranks flaky tests and names failing streaks, and `summary --history` labels failures."""
import json

from conftest import run
from test_compare import console_log

RUNS = [
    # (testSteady, testFlaky, testBroken, testFresh) per run
    ("passed", "passed", "passed", "passed"),
    ("passed", "failed", "passed", "passed"),
    ("passed", "passed", "failed", "passed"),
    ("passed", "failed", "failed", "passed"),
    ("passed", "passed", "failed", "passed"),
]
NAMES = ("testSteady", "testFlaky", "testBroken", "testFresh")


def bundle(tmp_path, index, statuses):
    log = tmp_path / f"run{index}.log"
    log.write_text(console_log([(name, status, 0.01) for name, status in zip(NAMES, statuses)]))
    path = tmp_path / f"run{index}.resultbundle"
    run("import", log, "-o", path, "--quiet", check=False)
    return path


def test_history_add_show_and_the_summary_labels(tmp_path):
    history = tmp_path / "main.rbhistory"
    for index, statuses in enumerate(RUNS):
        result = run("history", "add", bundle(tmp_path, index, statuses), "--history", history,
                     "--commit", f"c{index + 1}")
        assert f"; {index + 1} run{'' if index == 0 else 's'}," in result.stdout, result.stdout
    shown = json.loads(run("history", "show", "--history", history, "--json").stdout)
    assert [facts["commit"] for facts in shown["runs"]] == ["c1", "c2", "c3", "c4", "c5"]
    assert shown["flaky"][0]["test"].endswith("testFlaky") and shown["flaky"][0]["flips"] == 4
    assert {entry["test"].split("/")[-1]: entry["label"] for entry in shown["failing"]} == {
        "testBroken": "failing for 3 runs since c3"}

    head = bundle(tmp_path, 9, ("passed", "passed", "failed", "failed"))
    summary = run("summary", head, "--history", history).stdout
    assert "testBroken</b> <i>failing for 4 runs since c3</i>" in summary
    assert "testFresh</b> <i>new failure</i>" in summary
    assert "### Flaky tests (history of 5 runs)" in summary and "testFlaky: 4 flips" in summary


def test_keep_caps_the_history(tmp_path):
    history = tmp_path / "capped.rbhistory"
    for index, statuses in enumerate(RUNS):
        run("history", "add", bundle(tmp_path, index, statuses), "--history", history, "--keep", "2",
            "--commit", f"c{index + 1}")
    shown = json.loads(run("history", "show", "--history", history, "--json").stdout)
    assert [facts["commit"] for facts in shown["runs"]] == ["c4", "c5"]


def test_a_file_that_is_not_a_history_is_refused_and_left_alone(tmp_path):
    import os
    other = tmp_path / "not.rbhistory"
    other.write_text("hello")
    result = run("history", "show", "--history", other, check=False)
    assert result.returncode == 2 and "not a history file" in result.stderr
    added = run("history", "add", bundle(tmp_path, 0, RUNS[0]), "--history", other, check=False)
    assert added.returncode == 2 and other.read_text() == "hello"
    pipe = tmp_path / "pipe.rbhistory"
    os.mkfifo(pipe)
    assert run("history", "show", "--history", pipe, check=False).returncode == 2


def test_the_report_draws_trends_and_a_flaky_page_in_chromium(tmp_path):
    from test_report_browser import assert_axe_clean, make_driver, requested_urls
    history = tmp_path / "main.rbhistory"
    for index, statuses in enumerate(RUNS):
        run("history", "add", bundle(tmp_path, index, statuses), "--history", history, "--commit", f"c{index + 1}")
    site = tmp_path / "site"
    run("report", bundle(tmp_path, 9, RUNS[-1]), "-o", site, "--history", history)
    driver = make_driver()
    try:
        driver.get_log("performance")
        driver.get((site / "index.html").as_uri())
        titles = driver.execute_script(
            "return Array.from(document.querySelectorAll('svg.trend[role=img] > title'), t => t.textContent)")
        assert len(titles) == 2 and "failures" in titles[0] and "95th-percentile" in titles[1]
        assert driver.execute_script("return document.querySelectorAll('svg.trend rect.tests').length") == len(RUNS)
        assert driver.execute_script("return document.querySelectorAll('svg.trend text').length") >= 6
        driver.find_element("css selector", "a[href='flaky.html']").click()
        rows = driver.execute_script(
            "return Array.from(document.querySelectorAll('tr[data-status=flaky] td:first-child'), c => c.textContent)")
        assert rows[0].endswith("testFlaky")
        assert all(url.startswith("file://") for url in requested_urls(driver))
        driver.get((site / "failed.html").as_uri())
        labels = driver.execute_script(
            "return Array.from(document.querySelectorAll('span.history-label'), s => s.textContent)")
        assert "failing for 3 runs since c3" in labels
        assert_axe_clean(driver, site, ("index.html", "flaky.html", "failed.html"))
    finally:
        driver.quit()


def test_slowest_and_slowing_tests_are_named(tmp_path):
    history = tmp_path / "slow.rbhistory"
    for index in range(10):
        slow = 0.5 if index >= 5 else 0.1
        log = tmp_path / f"slow{index}.log"
        log.write_text(console_log([("testSlowing", "passed", slow), ("testSteady", "passed", 0.2)]))
        path = tmp_path / f"slow{index}.resultbundle"
        run("import", log, "-o", path, "--quiet")
        run("history", "add", path, "--history", history, "--commit", f"s{index}")
    site = tmp_path / "site"
    run("report", tmp_path / "slow9.resultbundle", "-o", site, "--history", history)
    index = (site / "index.html").read_text()
    slowing = index[index.index('<table class="slowing">'):]
    slowing = slowing[:slowing.index("</table>")]
    assert "testSlowing" in slowing and "testSteady" not in slowing
    assert "100 ms" in slowing and "500 ms" in slowing and "+400%" in slowing
    slowest = index[index.index('<table class="slowest">'):]
    assert slowest.index("testSlowing") < slowest.index("testSteady")


def test_with_javascript_off_every_new_failure_is_reachable_from_the_index_and_strips_link_the_runs(tmp_path):
    from urllib.parse import urljoin
    from test_report_browser import assert_axe_clean, make_driver
    history = tmp_path / "main.rbhistory"
    for index, statuses in enumerate(RUNS):
        run("history", "add", bundle(tmp_path, index, statuses), "--history", history, "--commit", f"c{index + 1}")
    log = tmp_path / "head.log"
    head_tests = [("testSteady", "failed", 0.01), ("testFlaky", "passed", 0.01), ("testBroken", "failed", 0.01),
                  ("testFresh", "passed", 0.01), ("testBrandNew", "failed", 0.01)]
    log.write_text(console_log(head_tests))
    head = tmp_path / "head.resultbundle"
    run("import", log, "-o", head, "--quiet", check=False)
    run("history", "add", head, "--history", history, "--commit", "c6")
    site = tmp_path / "site"
    run("report", head, "-o", site, "--history", history, "--run-url", "https://ci.example/runs/{commit}/index.html")
    driver = make_driver(javascript=False)
    try:
        driver.get((site / "index.html").as_uri())
        items = driver.find_elements("css selector", "ol.failures li")
        listed = [(item.find_element("css selector", "a.name").text.split("/")[-1],
                   item.find_element("css selector", "a.name").get_attribute("href"),
                   [label.text for label in item.find_elements("css selector", ".history-label")]) for item in items]
        assert [name for name, _, _ in listed] == ["testSteady", "testBrandNew", "testBroken"]
        assert listed[0][2] == ["new failure"] and listed[1][2] == ["new failure"]
        assert listed[2][2] == ["failing for 4 runs since c3"]
        for name, href, _ in listed[:2]:
            driver.get(href)
            fragment = href.split("#", 1)[1] if "#" in href else None
            target = driver.find_element("id", fragment) if fragment else driver.find_element("tag name", "main")
            assert name in target.text
        driver.get((site / "failed.html").as_uri())
        broken = driver.find_element("xpath", "//tr[contains(., 'testBroken')]")
        links = [a.get_attribute("href") for a in broken.find_elements("css selector", ".mini-strip a")]
        assert links[-4:] == [f"https://ci.example/runs/c{n}/index.html" for n in (3, 4, 5, 6)]
        classes = [a.get_attribute("class") for a in broken.find_elements("css selector", ".mini-strip a")]
        assert classes == ["h-passed", "h-passed", "h-failed", "h-failed", "h-failed", "h-failed"]
        steady = driver.find_element("xpath", "//tr[contains(., 'testSteady')]")
        assert len(steady.find_elements("css selector", ".mini-strip a")) == 6
    finally:
        driver.quit()
    driver = make_driver()
    try:
        assert_axe_clean(driver, site, ("index.html", "failed.html", "all-1.html"))
    finally:
        driver.quit()


def test_run_url_needs_a_history_and_a_safe_scheme(tmp_path):
    head = bundle(tmp_path, 0, RUNS[0])
    result = run("report", head, "-o", tmp_path / "a", "--run-url", "x/{commit}", check=False)
    assert result.returncode != 0 and "--history" in result.stderr
    history = tmp_path / "h.rbhistory"
    run("history", "add", head, "--history", history)
    result = run("report", head, "-o", tmp_path / "b", "--history", history, "--run-url", "javascript:alert(1)",
                 check=False)
    assert result.returncode == 2 and "scheme javascript: is not allowed" in result.stderr
    assert not (tmp_path / "b").exists()
