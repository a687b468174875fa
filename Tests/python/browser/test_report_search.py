"""The index's sharded search and the list pages' grid, in headless Chromium, on a 20,000-test report: a query loads
only some of the search shards, finds a test by its name, its suite, its module and its file, ranks a whole-word
match before part matches, follows the status filter, and links each result to a row or page that exists; the
list tables' columns have the same widths in every group and on every page, also 390 pixels wide."""
import pathlib

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import run
from test_report_browser import make_driver

TESTS = 20_000
PER_SUITE = 50


def junit(path):
    """20,000 test cases in 400 suites of 20 modules, each with a file; every 37th fails, every 101st is skipped,
    and one suite holds `testParse` beside `testParseEmptyInput` and `testReparse`."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<testsuites>"]
    for suite in range(TESTS // PER_SUITE):
        module = f"Module{suite % 20}"
        name = "ParserTests" if suite == 123 else f"Suite{suite}Tests"
        lines.append(f'<testsuite name="{module}.{name}" tests="{PER_SUITE}">')
        for case in range(PER_SUITE):
            number = suite * PER_SUITE + case
            test = f"testCase{case}_checksValue"
            if suite == 123 and case < 3:
                test = ["testReparse", "testParseEmptyInput", "testParse"][case]
            attributes = (f'classname="{module}.{name}" name="{test}" time="0.001" '
                          f'file="Sources/{module}/Checks/{name}.swift"')
            if number % 37 == 5:
                lines.append(f'<testcase {attributes}><failure message="expected {number}">boom</failure></testcase>')
            elif number % 101 == 7:
                lines.append(f'<testcase {attributes}><skipped message="not here"/></testcase>')
            else:
                lines.append(f"<testcase {attributes}/>")
        lines.append("</testsuite>")
    lines.append("</testsuites>")
    path.write_text("\n".join(lines), encoding="utf-8")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    base = tmp_path_factory.mktemp("search")
    junit(base / "tests.xml")
    run("import", base / "tests.xml", "-o", base / "tests.resultbundle")
    run("report", base / "tests.resultbundle", "-o", base / "site")
    return base / "site"


@pytest.fixture(scope="module")
def driver():
    browser = make_driver()
    yield browser
    browser.quit()


# Resource timing leaves out file:// loads, so the shards loaded are counted in the DOM (the search adds a script
# element per shard).
LOADED_SHARDS = """
return Array.from(document.querySelectorAll('script[src^="search/"]'), s => s.getAttribute('src').slice(7));
"""
RESULTS = """
return Array.from(document.querySelectorAll('[data-search-results] li'), li => ({
  name: li.querySelector('a').textContent, href: li.querySelector('a').href,
  status: li.querySelector('.st').textContent, group: li.querySelector('.group').textContent}));
"""


def search(driver, site, query, settle=None):
    driver.get((site / "index.html").as_uri())
    box = driver.find_element(By.CSS_SELECTOR, "[data-search-input]")
    box.send_keys(query)
    WebDriverWait(driver, 20).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "[data-search-status]").text.split(" ")[0].replace(",", "").isdigit()
        or "No test" in d.find_element(By.CSS_SELECTOR, "[data-search-status]").text)
    if settle:
        settle()
    return driver.execute_script(RESULTS)


def test_a_query_loads_only_the_shards_it_needs(driver, site):
    results = search(driver, site, "testParse")
    loaded = driver.execute_script(LOADED_SHARDS)
    every = [path.name for path in (site / "search").iterdir()]
    assert len(every) > 20
    assert sorted(set(loaded)) == sorted(set(loaded) & set(every))
    assert "status.js" in loaded
    # The term shards of `testparse` and of its parts `test` and `parse`: those of `te` and `pa`, or of `t` and `p`
    # when the index is small enough to have one shard per first character.
    term_shards = {name for name in loaded if name.startswith("t-")}
    assert term_shards in ({"t-te.js", "t-pa.js"}, {"t-t.js", "t-p.js"})
    # Only the record shards of the results shown: the parser suite's tests are all in one block.
    block = int(driver.find_element(By.CSS_SELECTOR, "[data-record-block-size]").get_attribute("data-record-block-size"))
    assert [name for name in loaded if name.startswith("r-")] == [f"r-{123 * PER_SUITE // block}.js"]
    assert len(loaded) <= 4 < len(every)
    assert results[0]["name"] == "testParse"


def test_finds_tests_by_name_suite_module_and_file(driver, site):
    by_name = search(driver, site, "testCase7_checksValue")
    assert by_name and all(result["name"] == "testCase7_checksValue" for result in by_name)
    by_suite = search(driver, site, "Suite250Tests")
    assert len(by_suite) == PER_SUITE and all(result["group"] == "Module10 › Suite250Tests" for result in by_suite)
    by_module = search(driver, site, "module13")
    assert len(by_module) == 50 and all(result["group"].startswith("Module13 ›") for result in by_module)
    by_file = search(driver, site, "Sources/Module7/Checks/Suite27")
    assert len(by_file) == PER_SUITE and all(result["group"] == "Module7 › Suite27Tests" for result in by_file)
    # Tests whose parts match the query's parts in other words (testCase27 in another suite of Module7) come after.
    status = driver.find_element(By.CSS_SELECTOR, "[data-search-status]").text
    assert int(status.split(" ")[0].replace(",", "")) >= PER_SUITE


def test_whole_words_rank_before_word_starts_and_parts(driver, site):
    # `parse` starts the word `parsertests` (the suite and its file) of every test of the parser suite, and starts
    # no word or part elsewhere: `testReparse` in another suite would not match.
    results = search(driver, site, "parse")
    assert len(results) == PER_SUITE and all(result["group"].endswith("ParserTests") for result in results)
    results = search(driver, site, "parserTests")
    assert len(results) == PER_SUITE
    results = search(driver, site, "testParse")
    assert [result["name"] for result in results[:2]] == ["testParse", "testParseEmptyInput"]
    results = search(driver, site, "Parse EmptyInput")
    assert [result["name"] for result in results] == ["testParseEmptyInput"]


def test_results_follow_the_status_filter_and_lead_to_rows(driver, site):
    everything = search(driver, site, "checksValue")
    # Failed tests are ranked first among equally good matches.
    statuses = [result["status"] for result in everything]
    assert statuses[0] == "failed" and statuses == sorted(statuses, key=lambda status: status != "failed")
    total = int(driver.find_element(By.CSS_SELECTOR, "[data-search-status]").text.split(" ")[0].replace(",", ""))

    def only_failed():
        for status in ("passed", "skipped", "other"):
            driver.find_element(By.CSS_SELECTOR, f"[data-status-filter='{status}']").click()
        WebDriverWait(driver, 10).until(lambda d: all(
            result["status"] == "failed" for result in d.execute_script(RESULTS)) and d.execute_script(RESULTS))

    failed = search(driver, site, "checksValue", settle=only_failed)
    failed = driver.execute_script(RESULTS)
    assert failed and all(result["status"] == "failed" for result in failed)
    count = int(driver.find_element(By.CSS_SELECTOR, "[data-search-status]").text.split(" ")[0].replace(",", ""))
    assert count == sum(1 for number in range(TESTS) if number % 37 == 5 and number % PER_SUITE >= 0
                        and not (number // PER_SUITE == 123 and number % PER_SUITE < 3))
    assert total > count
    for result in (everything[:3] + failed[:3]):
        driver.get(result["href"])
        fragment = result["href"].partition("#")[2]
        target = driver.find_element(By.ID, fragment) if fragment else driver.find_element(By.TAG_NAME, "h1")
        assert result["name"] in target.text


def test_a_failure_late_in_the_run_links_to_its_page_of_the_failed_list(driver, site):
    # About 540 failures, 250 a page: those of suite 390 (tests 19,500 to 19,549) are on failed-3.html.
    failing = [number for number in range(TESTS) if number % 37 == 5]
    rank = next(index for index, number in enumerate(failing) if number // PER_SUITE == 390)
    assert rank // 250 + 1 == 3
    results = [result for result in search(driver, site, "Suite390Tests") if result["status"] == "failed"]
    assert results
    for result in results:
        assert "/failed-3.html#" in result["href"], result["href"]
        driver.get(result["href"])
        assert result["name"] in driver.find_element(By.ID, result["href"].partition("#")[2]).text


COLUMN_WIDTHS = """
return Array.from(document.querySelectorAll('table.tests'), table =>
  Array.from(table.querySelectorAll('thead th'), th => Math.round(th.getBoundingClientRect().width)).join(','));
"""


@pytest.mark.parametrize("width", [1200, 390])
def test_list_columns_have_one_width_across_groups_and_pages(driver, site, width):
    driver.set_window_size(width, 900)
    try:
        seen = set()
        for page in ("all-1.html", "all-7.html", "failed.html", "skipped.html"):
            driver.get((site / page).as_uri())
            widths = driver.execute_script(COLUMN_WIDTHS)
            # The failed list is grouped by cause, and this run's failures share one.
            assert len(widths) > (0 if page == "failed.html" else 1), page
            seen.update(widths)
        assert len(seen) == 1, seen
        assert driver.execute_script("return document.documentElement.scrollWidth") <= width
    finally:
        driver.set_window_size(1200, 900)


def test_without_javascript_the_index_says_where_to_find_tests(site):
    browser = make_driver(javascript=False)
    try:
        browser.get((site / "index.html").as_uri())
        hint = browser.find_element(By.CSS_SELECTOR, "[data-search-status]")
        assert "list of all tests" in hint.text
        assert hint.find_element(By.TAG_NAME, "a").get_attribute("href").endswith("all-1.html")
    finally:
        browser.quit()


def test_hostile_names_are_found_and_stay_inert(driver, tmp_path):
    from conftest import HOSTILE
    site = tmp_path / "hostile"
    run("report", HOSTILE, "-o", site)
    for query in ("script", "pwned", "img onerror", "onmouseover"):
        results = search(driver, site, query)
        assert driver.execute_script("return typeof window.__pwned") == "undefined", query
        for result in results:
            assert "<" not in result["href"] and not result["href"].startswith("javascript:"), result
    assert search(driver, site, "script"), "the hostile bundle's script-named tests are found"
